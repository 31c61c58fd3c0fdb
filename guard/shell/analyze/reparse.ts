// One source text into the walk: plain words, reader or tree (docs/guard.md "Shell analysis").
import { herestringFirst } from '../herestring-order.js';
import { HOOK_VARIABLES } from '../hooks.js';
import { localdbQuoted } from '../localdb-names.js';
import { readSimpleScript } from '../simple-script.js';
import { emitWords } from './command.js';
import { plainCommand } from './plain-command.js';
import { walkSimple } from './simple-walk.js';
import { fail, type Place, type Walk } from './state.js';
import { walk } from './tree-walk.js';

/** Re-parses a string that will itself run as shell (`sh -c BODY`, `eval`, a heredoc fed to a shell). */
export function reparse(w: Walk, source: string, place: Place, via?: string): void {
  if (place.nested + 1 > w.limits.maxReparse) {
    fail(w, 'too_deep');
    return;
  }
  const inner: Place = {
    ...place,
    ...(via === undefined ? {} : { via }),
    nested: place.nested + 1,
    redirects: [],
    pipeline: -1,
    stage: 0,
    stages: 1,
  };
  delete inner.stdin;
  analyzeInto(w, source, inner);
}

export function analyzeInto(w: Walk, source: string, place: Place, repaired = false): void {
  const plain = plainCommand(source);
  if (plain !== null) {
    emitWords(w, plain, place, place.stdin);
    return;
  }
  // a hook variable set before a command is read from the tree (the reader keeps no such assignment)
  const simple = HOOK_VARIABLES.test(source) ? null : readSimpleScript(source);
  if (simple !== null) {
    walkSimple(w, simple, place);
    return;
  }
  const tree = w.parser.parse(source, w.deadline);
  if (tree === null) {
    fail(w, 'over_budget');
    return;
  }
  try {
    if (tree.rootNode.hasError) {
      const moved = repaired
        ? null
        : ((source.includes('<<<') ? herestringFirst(tree, source) : null) ??
          localdbQuoted(source));
      if (moved === null) fail(w, 'parse_error');
      else analyzeInto(w, moved, place, true);
      return;
    }
    walk(w, tree.rootNode, place, 0);
  } finally {
    tree.delete();
  }
}
