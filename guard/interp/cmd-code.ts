// What cmd.exe code handed to `cmd /c` would do: recursive deletes of a drive, a system folder or a
// profile, drives formatted or wiped, stored credentials and the environment listed, autostart
// registry values (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { AUTOSTART_KEY } from '../shell/intent-host.js';
import { isCatastrophicTarget } from '../sensitive-paths.js';
import { portable } from './powershell-access.js';
import { windowsRecoveryHits } from './windows-recovery.js';
import { windowsCredentialDumps } from './windows-credential-dumps.js';
import { cmdPersistentEnv } from './persistent-env.js';
import { forLoopDelete } from './cmd-for-loop.js';
import { scratchBelow } from './powershell-foreach.js';

/**
 * A drive's root, a system folder, or a profile variable, with or without a trailing `\*`; an
 * unquoted path loses its backslashes to the shell (`C:\Windows` reads `C:Windows`).
 */
const CATASTROPHIC =
  /^(?:[A-Za-z]:|%(?:SystemDrive|SystemRoot|windir|ProgramFiles|USERPROFILE|HOMEDRIVE|APPDATA|LOCALAPPDATA)%|[A-Za-z]:[\\/]?(?:Users|Windows|Program Files(?: \(x86\))?)(?:[\\/][^\\/]*)?)(?:[\\/]\*?(?:\.\*)?|\*)?$/i;

/** Folders whose contents are rebuilt or thrown away: emptying them loses nothing kept. */
const DISPOSABLE =
  /^(?:te?mp|\.?cache|build|out|dist|obj|bin|artifacts?|logs?|scratch|node_modules|downloads)$/i;

/**
 * A folder straight below a drive's root (`D:\repos`, `C:\data\*`) or the whole of a folder straight
 * below the profile (`%USERPROFILE%\source\*`, `%APPDATA%\*`): where repositories, documents and
 * settings live. A temporary, cache or build folder is not one.
 */
function topFolder(t: string): boolean {
  const drive = /^[A-Za-z]:[\\/]?([^\\/*]+)[\\/]?(?:\*(?:\.\*)?)?$/.exec(t);
  if (drive !== null) return !DISPOSABLE.test(drive[1] ?? '');
  if (/^%(?:APPDATA|LOCALAPPDATA)%[\\/]?(?:\*(?:\.\*)?)?$/i.test(t)) return true;
  const home = /^~\/([^/*]+)\/\*(?:\.\*)?$/.exec(portable(t));
  return home !== null && !DISPOSABLE.test(home[1] ?? '');
}

/** The code `cmd /c` or `cmd /k` runs; undefined when the command names neither. */
export function cmdCode(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((a, i) => i > 0 && /^\/[ck]$/i.test(a));
  return at > 0 ? argv.slice(at + 1).join(' ') : undefined;
}

function unquote(w: string): string {
  return w.replace(/^"|"$/g, '');
}

function statementHits(words: readonly string[]): IntentHit[] {
  const [head = '', ...rest] = words;
  const name = head.toLowerCase().replace(/\.exe$/, '');
  const switches = rest.filter((w) => w.startsWith('/')).map((w) => w.toLowerCase());
  const targets = rest.filter((w) => !w.startsWith('/'));
  const wide = (t: string): boolean =>
    CATASTROPHIC.test(t) || isCatastrophicTarget(portable(t)) || topFolder(t);
  if (
    (name === 'rd' || name === 'rmdir' || name === 'del' || name === 'erase') &&
    switches.includes('/s')
  ) {
    const hit = targets.find(wide);
    if (hit !== undefined)
      return [{ intent: 'destructive_delete', detail: `cmd ${name} /s ${hit}` }];
  }
  if (name === 'for') {
    // each item's own folder judged as the item; a folder below every item only of a profile root
    const loop = forLoopDelete(rest);
    const hit =
      loop === null || !loop.head.some((w) => w.toLowerCase() === '/s') || scratchBelow(loop.below)
        ? undefined
        : loop.items.find((t) =>
            loop.below === '' ? wide(t) : CATASTROPHIC.test(t.replace(/[\\/]\*$/, '')),
          );
    if (hit !== undefined)
      return [
        { intent: 'destructive_delete', detail: `cmd for ${hit} rd /s ${loop?.below ?? ''}` },
      ];
  }
  if (name === 'format' && targets.some((t) => /^[A-Za-z]:$/.test(t)))
    return [{ intent: 'disk_wipe', detail: 'cmd formats a drive' }];
  if (name === 'cipher' && switches.some((s) => s.startsWith('/w')))
    return [{ intent: 'disk_wipe', detail: 'cmd wipes free space' }];
  if (
    (name === 'cmdkey' && switches.includes('/list')) ||
    (name === 'vaultcmd' && switches.some((s) => s.startsWith('/list')))
  )
    return [{ intent: 'credential_read', detail: `cmd ${name} lists stored credentials` }];
  if (name === 'set' && rest.length === 0)
    return [{ intent: 'credential_read', detail: 'cmd dumps the whole environment' }];
  if (
    name === 'reg' &&
    /^(?:add|import)$/i.test(rest[0] ?? '') &&
    rest.some((w) => AUTOSTART_KEY.test(w))
  )
    return [{ intent: 'sensitive_write', detail: 'cmd reg adds a Windows autostart' }];
  if (name === 'setx' || name === 'reg') {
    const env = cmdPersistentEnv(words);
    if (env !== null) return [env];
  }
  return [];
}

/** Effects of cmd.exe code (`cmd /c`); null for other interpreters. */
export function cmdEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'cmd') return null;
  const hits: IntentHit[] = [];
  // attacker-controlled code: split by bounded regexes only
  const text = code.slice(0, 64 * 1024);
  for (const statement of text.split(/&&|\|\||[&|\n]/)) {
    const words = statement
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '')
      .map(unquote);
    hits.push(...statementHits(words));
  }
  // `diskpart` reading `clean` from its script or its input wipes the selected disk
  if (/\bdiskpart\b/i.test(text) && /\bclean(?:\s+all)?\b/i.test(text))
    hits.push({ intent: 'disk_wipe', detail: 'cmd diskpart clean' });
  hits.push(...windowsRecoveryHits(text));
  hits.push(...windowsCredentialDumps(text));
  return { shell: [], argvs: [], hits };
}
