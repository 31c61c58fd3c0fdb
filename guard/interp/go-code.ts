// What a Go program run by `go run FILE` would do: the home folder or root removed, a shell command
// it runs (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { goKeyringReads } from './keyring-reads.js';

/** `h, _ := os.UserHomeDir()`: the variable that holds home. */
const HOME_VAR = /\b(\w+)\s*(?:,\s*\w+\s*)?:?=\s*os\.UserHomeDir\(\)/g;
const REMOVE_LITERAL =
  /os\.RemoveAll\(\s*(?:"(?:\/|~|\/home\/[^"/]*|\/Users\/[^"/]*|\/root|\/etc|\/usr)\/?"|os\.Getenv\(\s*"(?:HOME|USERPROFILE)"\s*\))\s*\)/;
const SHELL_RUN =
  /exec\.Command(?:Context)?\(\s*(?:\w+\s*,\s*)?"(?:\/bin\/)?(?:ba|z|da)?sh"\s*,\s*"-c"\s*,\s*"((?:[^"\\\n]|\\.){1,4096})"/g;

/** Effects of Go source; null for other interpreters. */
export function goEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'go') return null;
  const hits: IntentHit[] = [];
  const homes = [...code.matchAll(HOME_VAR)].map((m) => m[1] ?? '').filter((v) => v !== '_');
  const removesHome = homes.some((v) => new RegExp(`os\\.RemoveAll\\(\\s*${v}\\s*\\)`).test(code));
  if (removesHome || REMOVE_LITERAL.test(code))
    hits.push({ intent: 'destructive_delete', detail: 'go os.RemoveAll of home or root' });
  const shell: string[] = [];
  for (const m of code.matchAll(SHELL_RUN)) {
    try {
      shell.push(JSON.parse(`"${m[1] ?? ''}"`) as string);
    } catch {
      // an escape JSON does not share with Go (`\x41`): the raw text is what the check reads
      shell.push(m[1] ?? '');
    }
  }
  hits.push(...goKeyringReads(code));
  return { shell, argvs: [], hits };
}
