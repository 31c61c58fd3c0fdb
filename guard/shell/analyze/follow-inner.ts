// Commands that run further commands (eval, sh -c, find -exec...) (docs/guard.md "Indirection").
import type { ShellCommand } from '../model.js';
import { SHELLS } from '../wrappers.js';
import { containerRun, optionScripts, substitutePositional } from '../indirect.js';
import { containerExec } from '../container-exec.js';
import { hookVariable } from '../hooks.js';
import { addCommand } from './command.js';
import { handOff, script } from './interpreters.js';
import { listedRoot, pipedText } from './piped-items.js';
import { reparse } from './reparse.js';
import { MAX_DEFINITIONS, type Place, type Walk } from './state.js';

/** What names standard input as a file: `-`, `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`. */
const STDIN_FILE = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/** Commands that run further commands given as arguments or stdin: re-parse or record them. */
export function followInner(w: Walk, cmd: ShellCommand, place: Place): void {
  const { argv, name } = cmd;
  const fn = w.functions.get(name);
  if (fn !== undefined && !w.calling.has(name)) {
    w.calling.add(name);
    reparse(w, substitutePositional(fn, argv.slice(1)), place);
    w.calling.delete(name);
  }
  for (const body of optionScripts(argv)) reparse(w, body, place, name);
  if (/^(?:export|declare|typeset|readonly|local)$/.test(name))
    for (const a of argv.slice(1)) {
      const eq = a.indexOf('=');
      const hook = eq > 0 ? hookVariable(a.slice(0, eq), a.slice(eq + 1)) : null;
      if (hook !== null) reparse(w, hook, place, name);
    }
  const inner = containerRun(argv);
  if (inner !== null && inner.argv.length > 0)
    addCommand(w, inner.argv, { ...place, redirects: [] });
  const exec = containerExec(argv);
  if (exec !== null) addCommand(w, exec, { ...place, redirects: [] });
  if (name === 'alias')
    for (const a of argv.slice(1)) {
      const eq = a.indexOf('=');
      if (eq <= 0) continue;
      reparse(w, a.slice(eq + 1), place);
      // a later use of the alias runs its text with the words after it
      if (w.functions.size < MAX_DEFINITIONS)
        w.functions.set(a.slice(0, eq), `${a.slice(eq + 1)} "$@"`);
    }
  // `npm pkg set scripts.postinstall="curl ... | sh"`: the script runs at every later install
  if (name === 'npm' && argv[1] === 'pkg' && argv[2] === 'set')
    for (const a of argv.slice(3)) {
      const m = /^scripts\.(?:pre|post)?(?:install|prepare|uninstall|pack|publish)=([\s\S]+)$/.exec(
        a,
      );
      if (m?.[1] !== undefined) reparse(w, m[1], place, 'npm');
    }
  // Go source from a heredoc or pipe (`go run - <<'EOF'`), which go run reads as a file
  if (name === 'go' && argv[1] === 'run' && argv.slice(2).some((a) => STDIN_FILE.test(a))) {
    const body = cmd.stdin ?? pipedText(w, cmd);
    if (body !== null) script(w, 'go', body, place);
    return;
  }
  // a file the script wrote, then ran: `./t.sh`, `sh t.sh`, `source t.sh`, `go run t.go`
  const written = writtenScript(w, argv, name);
  if (written !== null) {
    if (written.lang === 'go') script(w, 'go', written.body, place);
    else reparse(w, written.body, place);
    return;
  }
  if (name === 'at' || name === 'batch') {
    const body = cmd.stdin ?? pipedText(w, cmd);
    if (body !== null) reparse(w, body, place);
    return;
  }
  if (SHELLS.has(name) || name === 'su') {
    const c = argv.findIndex((a, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(a));
    const body = c > 0 ? argv[c + 1] : undefined;
    if (body !== undefined) reparse(w, body, place);
    else if (cmd.stdin !== undefined && SHELLS.has(name)) reparse(w, cmd.stdin, place);
    else if (SHELLS.has(name)) {
      const piped = pipedText(w, cmd);
      if (piped !== null) reparse(w, piped, place);
    }
    return;
  }
  if (name === 'eval') {
    reparse(w, argv.slice(1).join(' '), place);
    return;
  }
  if (name === 'find') {
    // every -exec/-execdir/-ok/-okdir runs; `{}` stands for the root when nothing filters the listing
    const root = listedRoot(cmd);
    argv.forEach((a, at) => {
      if (a !== '-exec' && a !== '-execdir' && a !== '-ok' && a !== '-okdir') return;
      const end = argv.findIndex((x, i) => i > at && (x === ';' || x === '+' || x === '\\;'));
      const words = argv.slice(at + 1, end > at ? end : undefined);
      addCommand(w, root === null ? words : words.map((x) => (x === '{}' ? root : x)), {
        ...place,
        redirects: [],
        via: 'find',
      });
    });
    return;
  }
  handOff(w, cmd, place);
}

/** The text of a file this script wrote that `argv` runs, as shell or as Go; null when none. */
function writtenScript(
  w: Walk,
  argv: readonly string[],
  name: string,
): { lang: 'sh' | 'go'; body: string } | null {
  if (w.files.size === 0) return null;
  const body = (f: string | undefined): string | undefined =>
    f === undefined ? undefined : (w.files.get(f) ?? w.files.get(f.replace(/^\.\//, '')));
  const direct = body(argv[0]);
  if (direct !== undefined && (argv[0] ?? '').includes('/')) return { lang: 'sh', body: direct };
  if (name === 'go' && argv[1] === 'run') {
    // `go run .` builds every .go file of the folder: the ones the script wrote there
    const pkg = argv.slice(2).some((a) => a === '.' || a === './...')
      ? [...w.files].filter(([f]) => /^(?:\.\/)?[^/]+\.go$/.test(f)).map(([, b]) => b)
      : [];
    const src = [...pkg, ...argv.slice(2).map(body)].filter((b) => b !== undefined);
    return src.length === 0 ? null : { lang: 'go', body: src.join('\n') };
  }
  if (SHELLS.has(name) || name === 'source' || name === '.') {
    const file = argv.slice(1).find((a) => !a.startsWith('-'));
    const text = body(file);
    return text === undefined ? null : { lang: 'sh', body: text };
  }
  return null;
}
