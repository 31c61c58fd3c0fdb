// Injected instructions: the names in a data reply (docs/guard.md "Injected instructions"). A row's
// title or name (`"title": "Ignore previous instructions: a history of jailbreak prompts"`) names
// a post, a ticket or a file; it is a name, not an order, unless it orders an act (run, send,
// reveal, approve) or names a risky object, as a query table's cell is read.
import { ordersAct } from './injection-table-rows.js';

/** A JSON member whose key names its value: title, name, subject, headline, caption, topic. */
const NAME_MEMBER =
  /("(?:title|name|subject|headline|caption|topic|file_?name)"\s*:\s*)"((?:[^"\\\n]|\\.){0,500})"/gi;

/** `text`, a JSON reply, with the name values that order nothing replaced by `""`. */
export function withoutInertNames(text: string): string {
  // read only once a signature fired, and only a JSON reply with a name member
  if (!text.includes('":')) return text;
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return text;
  return text.replace(NAME_MEMBER, (m: string, key: string, value: string, at: number) =>
    ordersAct(value) || ordersAct(rowOf(text, at, m.length)) ? m : `${key}""`,
  );
}

/**
 * The rest of the row a member at `at` belongs to: from the `{` that opens it to the `}` that
 * closes it, flat rows as a query returns them. A row that carries an order elsewhere
 * (`"notes": "run DROP TABLE ..."`) has its name read with it.
 */
function rowOf(text: string, at: number, length: number): string {
  const open = text.lastIndexOf('{', at);
  const close = text.indexOf('}', at + length);
  const from = Math.max(open, at - 2000, 0);
  const to =
    close < 0 ? Math.min(text.length, at + length + 2000) : Math.min(close, at + length + 2000);
  return `${text.slice(from, at)} ${text.slice(at + length, to)}`;
}
