// The simple reader's commands, walked as the tree walk would (docs/guard.md "Shell analysis").
import type { Field } from '../expand.js';
import type { SimpleList } from '../simple-script.js';
import { assignValue } from './assign-node.js';
import { emitWords } from './command.js';
import type { Place, Walk } from './state.js';

/** What walk() does with the tree of a script readSimpleScript read: the same places, in order. */
export function walkSimple(w: Walk, lists: readonly SimpleList[], place: Place): void {
  for (const list of lists) {
    const wrapped =
      list.redirects.length === 0
        ? place
        : { ...place, redirects: [...place.redirects, ...list.redirects] };
    // a list (`&&`, `||`) is walked as a branch: a later command may not run
    const inList = list.pipelines.length > 1 ? { ...wrapped, branch: true } : wrapped;
    for (const pipeline of list.pipelines) {
      const id = pipeline.length > 1 ? w.pipelines++ : -1;
      pipeline.forEach((cmd, i) => {
        if (w.status !== 'ok') return;
        if (cmd.words.length === 0) {
          // assignments alone (`x=build`), as assignNode records them
          for (const a of cmd.assigns)
            assignValue(w, a.name, a.append, w.expand.simpleValue(a.value), inList.branch);
          return;
        }
        let at =
          id < 0
            ? inList
            : { ...inList, pipeline: id, stage: i, stages: pipeline.length, branch: true };
        if (cmd.redirects.length > 0)
          at = { ...at, redirects: [...at.redirects, ...cmd.redirects] };
        // as emitCommand: each word's fields, then the commands of its substitutions
        const words: (Field | string)[] = [];
        for (const x of cmd.words) {
          if (typeof x === 'string') {
            words.push(x);
            continue;
          }
          words.push(...w.expand.simpleFields(x));
          for (const p of x.parts)
            if (typeof p !== 'string' && 'pipeline' in p)
              walkSimple(w, [{ pipelines: [p.pipeline], redirects: [] }], {
                ...at,
                substitution: true,
                redirects: [],
                pipeline: -1,
                stage: 0,
                stages: 1,
              });
        }
        const made = emitWords(w, words, at, at.stdin);
        if (made !== undefined && cmd.prefix !== undefined)
          made.env = cmd.prefix.map((name) => ({ name, substituted: false }));
      });
    }
  }
}
