// A Jupyter notebook read as a tool result (nbformat 4: a JSON object whose `cells` each hold a
// `cell_type` and a `source`): its code cells are source code, so their string literals are data
// the program handles (an eval's list of attack prompts), as in any source file; its markdown cells
// and outputs are prose and stay read (docs/guard.md "Injected instructions").
import { COMMAND_RISK } from './injection-risk.js';
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
    const outputs = Array.isArray(cell.outputs) ? cell.outputs.map(withoutFrameRows) : cell.outputs;
    cells.push({ ...cell, source: withoutStringLiterals(src, 'cell.py'), outputs });
  }
  return JSON.stringify({ ...nb, cells });
}

/** A printed data frame's header: column names only, two or more spaces between (pandas' repr). */
const FRAME_HEADER = /^[ \t]*[\w.]{1,60}(?: {2,}[\w.]{1,60}){1,30}[ \t]*$/;
/** A printed data frame's row: its index (a number or a name), two or more spaces, its cells. */
const FRAME_ROW = /^[ \t]*[\w.-]{1,60} {2,}\S/;
const RISK = new RegExp(COMMAND_RISK, 'i');
/** A printed series' footer (`s.head()`, a column of a frame): `Name: text, dtype: object`. */
const SERIES_FOOTER = /^(?:Name: [^\n]{0,80}, )?(?:Length: \d{1,12}, )?dtype: [\w[\]]{1,40}$/;

/**
 * An output that prints a data frame (`df.head()`, `print(df)`): its rows are the data set the
 * code read (an eval's tickets, a scrape), so each row is read as its index only, unless it names
 * a command, an address or a secret. Any other output is kept whole, as prose.
 */
function withoutFrameRows(output: unknown): unknown {
  if (!isRecord(output)) return output;
  const data = isRecord(output.data) ? output.data : undefined;
  const shown = data === undefined ? sourceText(output.text) : sourceText(data['text/plain']);
  if (shown === null || !shown.includes('  ')) return output;
  const lines = shown.split('\n').filter((l) => l.trim() !== '');
  // a data frame opens with its column names; a series (one column) has none and closes with its
  // name and type instead
  const series = SERIES_FOOTER.test(lines.at(-1)?.trim() ?? '');
  const head = series ? (lines.at(-1) ?? '') : (lines[0] ?? '');
  const rows = series ? lines.slice(0, -1) : lines.slice(1);
  if (
    (!series && !FRAME_HEADER.test(head)) ||
    rows.length === 0 ||
    !rows.every((l) => FRAME_ROW.test(l))
  )
    return output;
  const kept = [
    head,
    ...rows.map((l) => (RISK.test(l) ? l : (l.trim().split(/\s/, 1)[0] ?? ''))),
  ].join('\n');
  return data === undefined
    ? { ...output, text: kept }
    : { ...output, data: { ...data, 'text/plain': kept } };
}
