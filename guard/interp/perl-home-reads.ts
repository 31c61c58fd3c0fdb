// Perl's ways of naming a file under home (`"$ENV{HOME}/.pgpass"`, `$ENV{HOME} . "/.netrc"`,
// `glob("~/.aws/credentials")`, `File::HomeDir->my_home . "/.npmrc"`), read as the portable `~/...`
// path: opened, slurped or globbed, a credential file named so is a credential read, as the literal
// paths of literal-reads.ts are (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import { isCredentialPath } from '../sensitive-paths.js';

const MAX_CODE = 64 * 1024;
const HOME_EXPR = String.raw`(?:\$ENV\{\s*['"]?(?:HOME|USERPROFILE)['"]?\s*\}|File::HomeDir->my_home|\$home|\$HOME)`;
/** A path under home: interpolated, concatenated, or `~` in a glob. */
const HOME_PATH = new RegExp(
  [
    String.raw`"${HOME_EXPR}([/\\][^"\n$]{1,200})"`,
    String.raw`${HOME_EXPR}\s*\.\s*['"]([/\\][^'"\n$]{1,200})['"]`,
    String.raw`\bglob\s*\(?\s*['"](~[/\\][^'"\n]{1,200})['"]`,
    String.raw`<(~\/[^>\s]{1,200})>`,
  ].join('|'),
  'g',
);
/** A read of what follows: `open(F, "<", ...)`, `open F, ...`, `read_file(`, `slurp(`, `path(`, `-r`. */
const READ_BEFORE =
  /(?:\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:['"][<+]{0,2}['"]\s*,\s*)?['"]?[<+]{0,2}\s*|\b(?:read_file|slurp|path|read_text|lines)\s*\(?\s*|\bglob\s*\(?\s*|<)$/;

/** Reads of credential files named through Perl's home expressions, as hits; none otherwise. */
export function perlHomeReads(interpreter: string, source: string): IntentHit[] {
  if (interpreter !== 'perl' || !/HOME|home|glob|<~/.test(source)) return [];
  // attacker-controlled code: one bounded regex over at most 64 KiB
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(HOME_PATH)) {
    const rest = (m[1] ?? m[2] ?? m[3]?.slice(1) ?? m[4]?.slice(1) ?? '').replace(/\\/g, '/');
    const path = `~/${rest.replace(/^\/+/, '')}`;
    const before = code.slice(Math.max(0, m.index - 48), m.index);
    const direct = m[3] !== undefined || m[4] !== undefined;
    if (!isCredentialPath(path) || (!direct && !READ_BEFORE.test(before))) continue;
    hits.push({ intent: 'credential_read', detail: `perl reads ${path}` });
    if (hits.length >= 8) break;
  }
  return hits;
}
