// Injected instructions: the rows a query returns (docs/guard.md "Injected instructions"). A
// database's table of user text (flagged comments, support tickets) holds whatever users typed; a
// cell with an override phrase and no order to act ("ignore previous instructions lol") is that data.
// A cell that orders an act or names a command, an address or a secret is read as it is.
import { RISKY } from './injection-addressed.js';

/** A table's header rule: psql `---+---`, MySQL `+----+`, markdown `|---|:--|`. */
const RULE_LINE = /^[ \t]*[|+]?[ \t]*:?-{3,}:?[ \t]*(?:[|+][ \t]*:?-{3,}:?[ \t]*)*[|+]?[ \t]*$/m;
/** An act beyond the override itself: run, send, approve, reveal, tell the user. */
const ACT =
  /\b(?:run|execute|exec|call|invoke|send|fetch|delete|download|open|visit|write|add|remove|install|push|paste|post|upload|print|reveal|show|include|copy|e-?mail|forward|approve|merge|grant|tell|say|reply|respond|answer|output|transfer|disable)\b/i;
const RISK = new RegExp(RISKY, 'iu');
/** A cell or a value that orders an act or names a risky object: read as it is. */
export const ordersAct = (cell: string): boolean => ACT.test(cell) || RISK.test(cell);

/** `text` with the cells of its query tables that order nothing replaced by nothing. */
export function withoutInertCells(text: string): string {
  // a rule line needs three dashes after a bar or a plus, or a plus between dashes
  if (
    !text.includes('---') ||
    !(text.includes('-+-') || text.includes('|-') || text.includes('+-'))
  )
    return text;
  if (!RULE_LINE.test(text)) return text;
  return text
    .split('\n')
    .map((line) =>
      line.includes('|')
        ? line
            .split('|')
            .map((cell) => (ordersAct(cell) ? cell : ''))
            .join('|')
        : line,
    )
    .join('\n');
}
