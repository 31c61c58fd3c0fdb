// What earlier stages hand a command: text, roots, xargs items (docs/guard.md "Indirection").
import type { ShellCommand } from '../model.js';
import { evalPipeline } from '../static-eval.js';
import type { Walk } from './state.js';

/** FIND_FILTERS of intent-delete: a find with none lists everything below its root. */
const FIND_PREDICATES = /^-(?:i?name|i?path|i?regex|newer|mtime|mmin|empty|size|user|wholename)$/;

/** What `find`/`ls` stages hand on: the root itself when nothing filters the listing, else null. */
export function listedRoot(c: ShellCommand): string | null {
  const ops = c.argv.slice(1).filter((a) => !a.startsWith('-'));
  if (c.name === 'find') {
    // as intent-delete reads find: a predicate scopes `.`, never `~` or `/`
    const root = c.argv[1] ?? '.';
    const scoped = c.argv.some((a) => FIND_PREDICATES.test(a));
    return scoped && /^(?:\.|\.\/|\*|[^~/$].*)$/.test(root) ? null : root;
  }
  if (c.name === 'ls') return ops.length === 0 ? '.' : ops.length === 1 ? (ops[0] ?? null) : null;
  if (c.name === 'kubectl' || c.name === 'oc') return listedKind(c.argv);
  return null;
}

/** `kubectl get pvc -A -o name`: the kind whose every object the listing names, stood for by the kind. */
function listedKind(argv: readonly string[]): string | null {
  const get = argv.indexOf('get');
  const kind = argv.slice(get + 1).find((a) => !a.startsWith('-'));
  const named = argv.some(
    (a, i) =>
      /^(?:-oname|--output=name|-o=name)$/.test(a) ||
      (/^(?:-o|--output)$/.test(a) && argv[i + 1] === 'name'),
  );
  return get > 0 && named && kind !== undefined && kind !== 'name' ? kind : null;
}

/** `echo ~ | xargs rm -rf`, `ls | xargs rm -rf`: the items xargs appends (split on blanks or NULs, as `-0` reads them), where the script shows them. */
export function xargsItems(w: Walk, cmd: ShellCommand): void {
  // a here-string or heredoc is stdin as much as an earlier stage is (`xargs -0 rm -rf <<< /etc`)
  const piped = cmd.stdin ?? pipedText(w, cmd);
  if (piped === null && (cmd.pipeline < 0 || cmd.stage === 0)) return;
  let items: string[] = [];
  if (piped !== null)
    items = piped
      .split(/[\s\0]+/)
      .filter((x) => x.length > 0)
      .slice(0, w.limits.maxArgs);
  else {
    const prev = w.out.commands.findLast(
      (c) => c.pipeline === cmd.pipeline && c.stage === cmd.stage - 1,
    );
    const root = prev === undefined ? null : listedRoot(prev);
    if (root !== null) items = [root];
  }
  if (items.length === 0) return;
  w.args += items.length;
  const at = cmd.argv.indexOf('{}');
  if (at > 0) cmd.argv.splice(at, 1, ...items);
  else cmd.argv.push(...items);
}

/** The text earlier pure stages of this command's pipeline hand it (`echo B64 | base64 -d | sh`). */
export function pipedText(w: Walk, cmd: ShellCommand): string | null {
  if (cmd.pipeline < 0 || cmd.stage === 0) return null;
  const stages = w.out.commands.filter(
    (c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && !c.substitution,
  );
  if (stages.length !== cmd.stage) return null;
  return evalPipeline(stages, w.limits.maxBytes);
}
