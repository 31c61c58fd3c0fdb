// Flow and taint: the text re-encodings an agent does trivially: base32 (RFC 4648 §6) and rot13
// as encoded forms; characters split by a separator (separator-runs.ts), character codes (decimal
// lists, octal, `\x` and `0x` escapes), lower-cased base32 and host labels as decoded views. Inputs
// are attacker-controlled: every pass is linear, and a regex runs only over a text that holds what
// its match cannot do without.

import { hostNames } from './host-names.js';

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

export { unseparated } from './separator-runs.js';

/**
 * Base32 an agent lower-cased: 20 or more of `a-z2-7` in a row, in a text with no upper case (read
 * back in upper case). One walk.
 */
export function lowerBase32(text: string): boolean {
  if (/[A-Z]/.test(text)) return false;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x32 && c <= 0x37)) {
      if (++run >= 20) return true;
    } else run = 0;
  }
  return false;
}

/** What a text holds that a run of codes cannot do without: each run's regex runs only then. */
interface Spellings {
  digits: number;
  backslashes: number;
  text: string;
}

function codeSpellings(text: string): Spellings {
  let digits = 0;
  let backslashes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x5c) backslashes++;
  }
  return { digits, backslashes, text };
}

/**
 * Runs of one character code spelling, each code found by `code` (its digits in `radix`); `needs`
 * says what the text must hold for a run to be there (12 codes at least).
 */
const CODE_RUNS: { re: RegExp; radix: number; code: RegExp; needs: (s: Spellings) => boolean }[] = [
  // any punctuation between the codes: `'.'.join(str(ord(c)) ...)`, `-join '-'`, `.join(':')`
  {
    re: /(?:\b\d{1,3}\s*[,;.:|_/-]\s*){11,}\d{1,3}\b/g,
    radix: 10,
    code: /\d{1,3}/g,
    needs: (s) => s.digits >= 12,
  },
  {
    re: /(?:\b\d{2,3} ){11,}\d{2,3}\b/g,
    radix: 10,
    code: /\d{2,3}/g,
    needs: (s) => s.digits >= 24,
  },
  {
    re: /(?:\\[0-7]{1,3}){12,}/g,
    radix: 8,
    code: /(?<=\\)[0-7]{1,3}/g,
    needs: (s) => s.backslashes >= 12,
  },
  {
    re: /(?:\\x[0-9A-Fa-f]{2}){12,}/g,
    radix: 16,
    code: /(?<=x)[0-9A-Fa-f]{2}/g,
    needs: (s) => s.backslashes >= 12,
  },
  {
    re: /(?:0x[0-9A-Fa-f]{1,2}\s*,?\s*){12,}/g,
    radix: 16,
    code: /(?<=0x)[0-9A-Fa-f]{1,2}/g,
    needs: (s) => s.digits >= 12 && s.text.includes('0x'),
  },
  // JSON and JavaScript escapes (`\u006e`, `\u{6e}`), `%u006e`, and HTML character references
  {
    re: /(?:[\\%]u(?:[0-9A-Fa-f]{4}|\{[0-9A-Fa-f]{1,6}\})){12,}/g,
    radix: 16,
    code: /(?<=u\{?)[0-9A-Fa-f]{1,6}/g,
    needs: (s) => s.backslashes >= 12 || s.text.includes('%u'),
  },
  {
    re: /(?:&#\d{1,7};){12,}/g,
    radix: 10,
    code: /(?<=&#)\d{1,7}/g,
    needs: (s) => s.digits >= 12 && s.text.includes('&#'),
  },
  {
    re: /(?:&#[xX][0-9A-Fa-f]{1,6};){12,}/g,
    radix: 16,
    code: /(?<=&#[xX])[0-9A-Fa-f]{1,6}/g,
    needs: (s) => s.text.includes('&#'),
  },
];

/**
 * Bytes spelled as character codes: `81,55,118` (or `81.55.118`, `81-55-118`), `\121\067`, `\x51\x37`, `0x51, 0x37`, `\u0051`,
 * `&#81;`; a code above 255 stands for its character's UTF-8 bytes.
 */
export function fromCharCodes(text: string): Uint8Array | null {
  const out: number[] = [];
  const has = codeSpellings(text);
  for (const { re, radix, code, needs } of CODE_RUNS) {
    if (!needs(has)) continue;
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

/**
 * The labels of each host name of at least four labels in `text` (`5pdj.f8e3.x.example`) before
 * its last two (the domain a lookup reaches), joined with nothing between them and lower-cased: a
 * value split across the labels of one name (`dig a1b2c3.d4e5f6.evil.example`) is whole again. DNS
 * folds case, so the join is lower case. Null when no name carries 12 characters so. `names` may
 * be given: the text's names of three labels or more (`hostNames(text, 2, Infinity)`); those of
 * three add nothing here.
 */
export function hostLabels(text: string, names?: readonly string[]): string | null {
  if (!text.includes('.')) return null;
  const parts: string[] = [];
  for (const name of names ?? hostNames(text, 3, Infinity)) {
    const labels = name.split('.');
    const joined = labels.slice(0, -2).join('').toLowerCase();
    if (joined.length >= 12 && labels.length - 2 >= 2) parts.push(joined);
  }
  return parts.length === 0 ? null : parts.join('\u0000');
}
