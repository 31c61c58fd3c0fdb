// Flow and taint: the text re-encodings an agent does trivially: base32 (RFC 4648 §6) and rot13
// as encoded forms; characters split by a separator, and character codes (decimal lists, octal,
// `\x` and `0x` escapes) as decoded views. Inputs are attacker-controlled: every pass is linear.

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 of `b` without padding (RFC 4648 §6 alphabet, upper case). */
export function base32(b: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of b) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += B32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  return bits > 0 ? out + B32.charAt((value << (5 - bits)) & 31) : out;
}

/** Rot13 of ASCII letters; other bytes unchanged. */
export function rot13(b: Uint8Array): Uint8Array {
  return b.map((c) =>
    c >= 65 && c <= 90 ? ((c - 52) % 26) + 65 : c >= 97 && c <= 122 ? ((c - 84) % 26) + 97 : c,
  );
}

const SEPARATORS = ['-', '_', '.', ',', ':', ';', ' ', '\n', '|', '/', '\\'];
const escapeRe = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
/** At least 12 characters each followed by the same one separator. */
const SPLIT = SEPARATORS.map((s) => ({
  sep: s,
  re: new RegExp(`(?:[A-Za-z0-9+/=_-]${escapeRe(s)}){11,}[A-Za-z0-9+/=_-]`, 'g'),
}));

/**
 * At least two groups of 2-64 letters and digits each split by the same one separator (`u4xD i0ij
 * Xb8Y`, a key sent as two halves: `877a4dfd65eec672 1ed93950c947d231`).
 */
const GROUPS = SEPARATORS.filter((s) => s !== '/' && s !== '\\').map((s) => ({
  sep: s,
  re: new RegExp(
    `(?<![A-Za-z0-9+=])(?:[A-Za-z0-9+=]{2,64}${escapeRe(s)})+[A-Za-z0-9+=]{2,64}(?![A-Za-z0-9+=])`,
    'g',
  ),
}));

/**
 * Runs of single characters split by one separator (`Q-7-v-X...`), and runs of groups of
 * letters and digits (`u4xD i0ij Xb8Y ...`, `AKIA-ISSX-FA6E`), joined back, one view in all. A group
 * run counts only with letters and digits both and 12 characters joined (prose has no digits).
 */
export function unseparated(text: string): string | null {
  const parts: string[] = [];
  for (const { sep, re } of SPLIT) {
    if (!text.includes(sep)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      let joined = '';
      for (let i = 0; i < m[0].length; i += 2) joined += m[0].charAt(i);
      parts.push(joined);
    }
  }
  for (const { sep, re } of GROUPS) {
    if (!text.includes(sep)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const joined = m[0].split(sep).join('');
      if (joined.length >= 12 && /\d/.test(joined) && /[A-Za-z]/.test(joined)) parts.push(joined);
    }
  }
  return parts.length === 0 ? null : parts.join('\u0000');
}

/** Runs of one character code spelling, each code found by `code` (its digits in `radix`). */
const CODE_RUNS: { re: RegExp; radix: number; code: RegExp }[] = [
  // any punctuation between the codes: `'.'.join(str(ord(c)) ...)`, `-join '-'`, `.join(':')`
  { re: /(?:\b\d{1,3}\s*[,;.:|_/-]\s*){11,}\d{1,3}\b/g, radix: 10, code: /\d{1,3}/g },
  { re: /(?:\b\d{2,3} ){11,}\d{2,3}\b/g, radix: 10, code: /\d{2,3}/g },
  { re: /(?:\\[0-7]{1,3}){12,}/g, radix: 8, code: /(?<=\\)[0-7]{1,3}/g },
  { re: /(?:\\x[0-9A-Fa-f]{2}){12,}/g, radix: 16, code: /(?<=x)[0-9A-Fa-f]{2}/g },
  { re: /(?:0x[0-9A-Fa-f]{1,2}\s*,?\s*){12,}/g, radix: 16, code: /(?<=0x)[0-9A-Fa-f]{1,2}/g },
  // JSON and JavaScript escapes (`\u006e`, `\u{6e}`), `%u006e`, and HTML character references
  {
    re: /(?:[\\%]u(?:[0-9A-Fa-f]{4}|\{[0-9A-Fa-f]{1,6}\})){12,}/g,
    radix: 16,
    code: /(?<=u\{?)[0-9A-Fa-f]{1,6}/g,
  },
  { re: /(?:&#\d{1,7};){12,}/g, radix: 10, code: /(?<=&#)\d{1,7}/g },
  { re: /(?:&#[xX][0-9A-Fa-f]{1,6};){12,}/g, radix: 16, code: /(?<=&#[xX])[0-9A-Fa-f]{1,6}/g },
];

/**
 * Bytes spelled as character codes: `81,55,118` (or `81.55.118`, `81-55-118`), `\121\067`, `\x51\x37`, `0x51, 0x37`, `\u0051`,
 * `&#81;`; a code above 255 stands for its character's UTF-8 bytes.
 */
export function fromCharCodes(text: string): Uint8Array | null {
  const out: number[] = [];
  for (const { re, radix, code } of CODE_RUNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      for (const c of m[0].match(code) ?? []) {
        const v = parseInt(c, radix);
        if (!Number.isInteger(v) || v < 0 || v > 0x10ffff) continue;
        if (v <= 255) out.push(v);
        else for (const b of Buffer.from(String.fromCodePoint(v), 'utf8')) out.push(b);
      }
      out.push(0);
    }
  }
  return out.length === 0 ? null : Uint8Array.from(out);
}

/** A host name of at least four labels (`5pdj.f8e3.x.example`): data can ride in all but its last two. */
const HOST_NAME = /(?<![\w.-])(?:[A-Za-z0-9_-]{1,63}\.){3,24}[A-Za-z][A-Za-z0-9-]{1,62}(?![\w-])/g;

/**
 * The labels of each host name in `text` before its last two (the domain a lookup reaches), joined
 * with nothing between them and lower-cased: a value split across the labels of one name
 * (`dig a1b2c3.d4e5f6.evil.example`) is whole again. DNS folds case, so the join is lower case.
 * Null when no name carries 12 characters so.
 */
export function hostLabels(text: string): string | null {
  if (!text.includes('.')) return null;
  const parts: string[] = [];
  HOST_NAME.lastIndex = 0;
  for (let m = HOST_NAME.exec(text); m !== null; m = HOST_NAME.exec(text)) {
    const labels = m[0].split('.');
    const joined = labels.slice(0, -2).join('').toLowerCase();
    if (joined.length >= 12 && labels.length - 2 >= 2) parts.push(joined);
  }
  return parts.length === 0 ? null : parts.join('\u0000');
}
