// Code handed to an interpreter, read for what it runs (docs/guard.md "Interpreter code").
import type { ShellCommand } from '../model.js';
import { INTERPRETERS } from '../wrappers.js';
import { codeEffects } from '../../interp/code-effects.js';
import { cmdCode } from '../../interp/cmd-code.js';
import { elixirCode } from '../../interp/elixir-args.js';
import { rCode } from '../../interp/r-args.js';
import { addCommand } from './command.js';
import { pipedText } from './piped-items.js';
import { reparse } from './reparse.js';
import { fail, type Place, type Walk } from './state.js';

const INLINE_FLAG: Record<string, Set<string>> = {
  python: new Set(['-c']),
  node: new Set(['-e', '--eval', '-p', '--print']),
  perl: new Set(['-e', '-E']),
  ruby: new Set(['-e']),
  php: new Set(['-r']),
  deno: new Set(['eval']),
  bun: new Set(['-e', '--eval']),
  osascript: new Set(['-e']),
  pwsh: new Set(['-c', '-Command']),
  lua: new Set(['-e']),
};

function interpreterKey(name: string): string {
  const bare = name.replace(/\.exe$/i, '').replace(/[0-9.]+$/, '');
  return bare === 'nodejs' ? 'node' : bare.toLowerCase() === 'powershell' ? 'pwsh' : bare;
}

/**
 * The code `pwsh`/`powershell` runs: the words after `-Command` (any abbreviation, any case), or
 * the UTF-16LE text of `-EncodedCommand`; undefined when it names neither.
 */
function powershellCode(argv: readonly string[]): string | undefined {
  const at = argv.findIndex(
    (a, i) => i > 0 && /^[-/](?:c|com|comm|comma|comman|command)$/i.test(a),
  );
  if (at > 0) return argv.slice(at + 1).join(' ');
  const enc = argv.findIndex((a, i) => i > 0 && /^[-/](?:e|ec|en|enc|encodedcommand)$/i.test(a));
  const b64 = enc > 0 ? argv[enc + 1] : undefined;
  return b64 === undefined ? undefined : Buffer.from(b64, 'base64').toString('utf16le');
}

/** What an interpreter runs (inline, stdin, a pipe, a file the script wrote), read as a script. */
export function handOff(w: Walk, cmd: ShellCommand, place: Place): void {
  const { argv, name } = cmd;
  const elixir = elixirCode(name, argv, w.files);
  const r = elixir ?? rCode(name, argv, w.files, () => cmd.stdin ?? pipedText(w, cmd) ?? undefined);
  if (r !== null) {
    script(w, elixir === null ? 'r' : 'elixir', r, place);
    return;
  }
  const key = interpreterKey(name);
  if (INTERPRETERS.has(name) || INTERPRETERS.has(key)) {
    const flags = INLINE_FLAG[key];
    const at =
      flags === undefined || key === 'pwsh' || key === 'cmd'
        ? -1
        : argv.findIndex((a) => flags.has(a));
    const inline =
      key === 'pwsh'
        ? powershellCode(argv)
        : key === 'cmd'
          ? cmdCode(argv)
          : at > 0
            ? argv[at + 1]
            : undefined;
    const code = inline ?? cmd.stdin ?? pipedText(w, cmd) ?? undefined;
    if (code !== undefined) script(w, key, code, place);
    else {
      // `python3 tool.py` where the script wrote tool.py earlier (a heredoc into a file)
      const file = argv.slice(1).find((a) => w.files.has(a));
      const body = file === undefined ? undefined : w.files.get(file);
      if (body !== undefined) script(w, key, body, place);
    }
  }
}

/** Code handed to an interpreter: kept for signatures, read for what it runs, deletes and reaches. */
export function script(w: Walk, interpreter: string, code: string, place: Place): void {
  const fx = codeEffects(w.parser.code, interpreter, code);
  w.out.scripts.push({ interpreter, code, ...(fx === null ? {} : { hits: fx.hits }) });
  if (fx === null) return;
  for (const s of fx.shell.slice(0, 64)) reparse(w, s, place, interpreter);
  for (const d of place.nested < w.limits.maxReparse ? (fx.decoded ?? []) : [])
    script(w, interpreter, d, { ...place, nested: place.nested + 1 });
  for (const a of fx.argvs.slice(0, 64)) {
    w.args += a.length;
    if (w.args > w.limits.maxArgs) {
      fail(w, 'too_many_args');
      return;
    }
    addCommand(w, a, { ...place, nested: place.nested + 1, redirects: [], via: interpreter });
  }
}
