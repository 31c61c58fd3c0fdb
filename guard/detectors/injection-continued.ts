// Injected instructions: a code comment labelled for the assistant ("# Claude Code:", "// Agents:",
// "-- AI assistant:") whose order continues on the next lines of the same comment, as a wrapped
// comment does (docs/guard.md "Injected instructions"). The label's line alone may hold only the
// pretext ("the release lane needs the signing key."), the order and its object follow.
import { RISKY } from './injection-addressed.js';
import { COMMENT_START, IMPERATIVE, LABEL, NOTE_ORDER } from './injection-reader.js';

/** How many comment lines after the label's one still belong to its note. */
const MAX_LINES = 6;
/** Labels are rare: a text with more is scanned for its first ones only. */
const MAX_LABELS = 32;

const LABEL_AT = new RegExp(LABEL, 'gimu');
const MARKER = new RegExp(String.raw`^[ \t]*(${COMMENT_START})`, 'iu');
/**
 * In the joined note, after the label: an order's verb that starts a sentence or a line, then a
 * risky object; or what only an injection asks (vouch, hide, run at once).
 */
const ORDER = new RegExp(
  String.raw`(?:^|[.!?:;]\s+|\n)${IMPERATIVE}(?:[^.\n]|\.(?=\S)|\n){0,300}?(?:${RISKY})|${NOTE_ORDER}`,
  'iu',
);

/** The first `lines` that continue the comment opened by `marker` (same marker, or ` * `). */
function continuation(lines: readonly string[], marker: string): string[] {
  const block = marker.startsWith('/*') || marker.startsWith('<!--');
  const out: string[] = [];
  for (const line of lines.slice(0, MAX_LINES)) {
    const m = MARKER.exec(line);
    const same = m !== null && (m[1] === marker || (block && m[1] === '*'));
    if (!same && !block) break;
    // a wrapped line's text, without its marker; a block comment ends at its closer
    out.push(m !== null && same ? line.slice(m[0].length) : line);
    if (block && /\*\/|-->/.test(line)) break;
  }
  return out;
}

/** A labelled comment whose order, or its object, is on the comment's following lines. */
export const COMMENT_CONTINUED = {
  test(text: string): boolean {
    LABEL_AT.lastIndex = 0;
    let seen = 0;
    for (let m = LABEL_AT.exec(text); m !== null && seen < MAX_LABELS; m = LABEL_AT.exec(text)) {
      seen++;
      const marker = MARKER.exec(m[0])?.[1] ?? '';
      const lineEnd = text.indexOf('\n', m.index + m[0].length);
      if (lineEnd < 0) continue;
      const rest = text.slice(m.index + m[0].length, lineEnd);
      const next = continuation(text.slice(lineEnd + 1, lineEnd + 4096).split('\n'), marker);
      if (next.length === 0) continue;
      if (ORDER.test([rest, ...next].join('\n'))) return true;
    }
    return false;
  },
};
