// A Jupyter notebook read as a tool result (nbformat 4: a JSON object whose `cells` each hold a
// `cell_type` and a `source`): its code cells are source code, so their string literals are data
// the program handles (an eval's list of attack prompts), as in any source file; its markdown cells
// and outputs are prose and stay read (docs/guard.md "Injected instructions").
import { withoutStringLiterals } from './injection-source.js';

/** Notebooks by extension. */
export const NOTEBOOK_FILE = /\.ipynb$/i;

/** Most cells read (a notebook past this is read whole, as prose: fail closed). */
const MAX_CELLS = 4096;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A cell's source as one text: nbformat stores a string or a list of lines. */
function sourceText(src: unknown): string | null {
  if (typeof src === 'string') return src;
  if (Array.isArray(src) && src.every((l): l is string => typeof l === 'string'))
    return src.join('');
  return null;
}

/**
 * `text` with the string literals of each code cell replaced by `""`; the text unchanged when it is
 * not a notebook (not JSON, no cell list, too many cells, a cell not of the documented shape).
 */
export function notebookWithoutLiterals(text: string): string {
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isRecord(nb) || !Array.isArray(nb.cells) || nb.cells.length > MAX_CELLS) return text;
  const cells: unknown[] = [];
  for (const cell of nb.cells) {
    if (!isRecord(cell)) return text;
    if (cell.cell_type !== 'code') {
      cells.push(cell);
      continue;
    }
    const src = sourceText(cell.source);
    if (src === null) return text;
    // a notebook's kernel is Python unless it says otherwise; `#` comments are kept either way
    cells.push({ ...cell, source: withoutStringLiterals(src, 'cell.py') });
  }
  return JSON.stringify({ ...nb, cells });
}
