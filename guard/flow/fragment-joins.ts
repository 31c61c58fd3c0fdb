// Flow and taint: a taint value cut into pieces and sent whole again, read back as one view (docs/
// guard.md "Flow and taint"). A URL's path and query segments joined after their `%XX` escapes are
// decoded (`/q/Vx9%21qTr%23/2mLz%408Kp` holds `Vx9!qTr#2mLz@8Kp`), and the short string literals
// of code joined two at a time in both orders (`k := "..."; p := "..."; send(p+k)`), and long
// tokens of prose joined in the order they are written whatever words lie between them (`part A
// <half> / part B <half>`, `first: <third>, then <third>, last <third>`).
import { percentDecode } from './byte-runs.js';

const URL_PART = /\bhttps?:\/\/[^\s/"'`<>]+([/?][^\s"'`<>]{8,4096})/gi;
/** A quoted literal short enough to be a piece of a value, with no spaces (prose is not). */
const LITERAL = /"([^"\s\\]{4,64})"|'([^'\s\\]{4,64})'|`([^`\s\\]{4,64})`/g;
/** Most literals paired every way; beyond them only neighbours are paired. */
const ALL_PAIRS = 16;
const MAX_LITERALS = 256;
/** Most tokens of prose joined: beyond them the text is data, not a message (bounds the view's size). */
const MAX_TOKENS = 16;

/**
 * A token long enough to be a piece of a key: 10-128 letters and digits, with a digit; not a host
 * label (`<piece>.sink.example`), whose pieces domain-joins.ts joins under one domain only.
 */
const TOKEN =
  /(?<![A-Za-z0-9+/_-])(?=[A-Za-z+/_-]*\d)[A-Za-z0-9+/_-]{10,128}={0,2}(?![A-Za-z0-9+/=_-]|\.[A-Za-z0-9])/g;

const decode = (x: string): string =>
  Buffer.from(percentDecode(Buffer.from(x, 'utf8'))).toString('utf8');

/**
 * Each URL's path segments and query values joined; and, for neighbouring URLs of one text (two
 * beacons `?c=<half>` and `?d=<other half>`), their query values joined in both orders.
 */
function urlJoins(text: string): string[] {
  const out: string[] = [];
  let previous: string | null = null;
  URL_PART.lastIndex = 0;
  for (let m = URL_PART.exec(text); m !== null; m = URL_PART.exec(text)) {
    const rest = m[1] ?? '';
    const [path = '', query = ''] = rest.split('?', 2);
    // the path's segments, then the query's values (its keys are the sender's labels)
    const values = query
      .split(/[&;]/)
      .map((kv) => decode(kv.slice(kv.indexOf('=') + 1)))
      .filter((x) => x !== '');
    const segments = [...path.split('/').map(decode), ...values].filter((x) => x !== '');
    if (segments.length >= 2) out.push(segments.join(''));
    const own = values.join('');
    if (previous !== null && own !== '' && out.length < MAX_LITERALS)
      out.push(`${previous}${own}`, `${own}${previous}`);
    if (own !== '') previous = own;
  }
  return out;
}

function literalJoins(text: string): string[] {
  const lits: string[] = [];
  LITERAL.lastIndex = 0;
  for (let m = LITERAL.exec(text); m !== null && lits.length < MAX_LITERALS; m = LITERAL.exec(text))
    lits.push(m[1] ?? m[2] ?? m[3] ?? '');
  if (lits.length < 2) return [];
  const out: string[] = [];
  for (let i = 0; i < lits.length; i++)
    for (let j = i + 1; j < lits.length; j++) {
      if (lits.length > ALL_PAIRS && j > i + 1) break;
      out.push(`${lits[i] ?? ''}${lits[j] ?? ''}`, `${lits[j] ?? ''}${lits[i] ?? ''}`);
    }
  return out;
}

/** Each token joined to the next one and the next two, in the order written (never reversed). */
function tokenJoins(text: string): string[] {
  const toks: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null && toks.length <= MAX_TOKENS; m = TOKEN.exec(text))
    toks.push(m[0]);
  // a message carries a value's pieces among few tokens; a blob of many is read by the other views
  if (toks.length > MAX_TOKENS) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < toks.length; i++) {
    const [a = '', b = '', c] = [toks[i], toks[i + 1], toks[i + 2]];
    out.push(a + b);
    if (c !== undefined) out.push(a + b + c);
  }
  return out;
}

/** The joined pieces of `text`, `\0`-separated (no match spans two), or null when it has none. */
export function fragmentJoins(text: string): string | null {
  if (text.length > 262_144) return null;
  const parts = [...urlJoins(text), ...literalJoins(text), ...tokenJoins(text)].filter(
    (p) => p.length >= 12,
  );
  return parts.length === 0 ? null : parts.join('\u0000');
}
