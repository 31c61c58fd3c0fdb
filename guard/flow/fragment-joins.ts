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

/** A character of a token (bit 1) and a digit (bit 2); `=` pads a token's end. */
const TOKEN_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  TOKEN_CHAR[c] = (/[A-Za-z0-9+/_-]/.test(ch) ? 1 : 0) | (/\d/.test(ch) ? 2 : 0);
}
const EQUALS = 0x3d;
const DIGIT = /[0-9]/;
const tokenClass = (c: number): number => (c < 128 ? (TOKEN_CHAR[c] as number) : 0);
const alnum = (c: number): boolean => c < 128 && /[A-Za-z0-9]/.test(String.fromCharCode(c));

/**
 * Tokens long enough to be a piece of a key: a whole run of 10-128 letters, digits, `+/_-` with a
 * digit, and up to two `=`, followed by none of these and by no `.<letter or digit>` (not a host
 * label, `<piece>.sink.example`, whose pieces domain-joins.ts joins under one domain only). One walk
 * over the runs; at most `max` tokens.
 */
export function tokens(text: string, max: number): string[] {
  const out: string[] = [];
  // every token holds a digit: prose without one has none, and the native search says so at once
  if (!DIGIT.test(text)) return out;
  const n = text.length;
  for (let i = 0; i < n && out.length < max;) {
    if ((tokenClass(text.charCodeAt(i)) & 1) === 0) {
      i++;
      continue;
    }
    const start = i;
    let kind = 0;
    for (let k; i < n && ((k = tokenClass(text.charCodeAt(i))) & 1) !== 0; i++) kind |= k;
    if (i - start < 10 || i - start > 128 || (kind & 2) === 0) continue;
    let end = i;
    while (end < n && end - i < 2 && text.charCodeAt(end) === EQUALS) end++;
    const after = text.charCodeAt(end);
    if (after === EQUALS || (tokenClass(after) & 1) !== 0) continue;
    if (after === 0x2e && alnum(text.charCodeAt(end + 1))) continue;
    out.push(text.slice(start, end));
  }
  return out;
}

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
  const toks = tokens(text, MAX_TOKENS + 1);
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
