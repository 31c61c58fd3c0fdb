// Issue 8 "Flow and taint": one pass over a view that finds what the decoder may decode (base64 and
// hex runs, percent escapes), with a byte-class table instead of regular expressions.

const B64 = 1;
const HEX = 2;
const CLASS = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const ch = String.fromCharCode(c);
  CLASS[c] = (/[A-Za-z0-9+/_-]/.test(ch) ? B64 : 0) | (/[0-9A-Fa-f]/.test(ch) ? HEX : 0);
}
const PERCENT = 0x25;
const EQUALS = 0x3d;

export interface Run {
  start: number;
  end: number;
}

export interface ByteRuns {
  base64: Run[];
  hex: Run[];
  /** Some `%XX` escape is present. */
  percent: boolean;
  /** Some `XX%XX%` is present: percent-encoding read backwards. */
  reversedPercent: boolean;
}

/** Runs of at least `minBase64` base64 characters (padding included) and `minHex` hex digits. */
export function findRuns(bytes: Uint8Array, minBase64: number, minHex: number): ByteRuns {
  const out: ByteRuns = { base64: [], hex: [], percent: false, reversedPercent: false };
  const n = bytes.length;
  let b64Start = -1;
  let hexStart = -1;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? (CLASS[bytes[i] as number] as number) : 0;
    if (c & B64) {
      if (b64Start < 0) b64Start = i;
    } else if (b64Start >= 0) {
      let end = i;
      while (end < n && end - i < 2 && bytes[end] === EQUALS) end++;
      if (end - b64Start >= minBase64) out.base64.push({ start: b64Start, end });
      b64Start = -1;
    }
    if (c & HEX) {
      if (hexStart < 0) hexStart = i;
    } else if (hexStart >= 0) {
      if (i - hexStart >= minHex) out.hex.push({ start: hexStart, end: i });
      hexStart = -1;
    }
    if (i < n && bytes[i] === PERCENT) {
      const h1 = CLASS[bytes[i + 1] ?? 0] ?? 0;
      const h2 = CLASS[bytes[i + 2] ?? 0] ?? 0;
      if (h1 & h2 & HEX) out.percent = true;
      const p1 = CLASS[bytes[i - 1] ?? 0] ?? 0;
      const p2 = CLASS[bytes[i - 2] ?? 0] ?? 0;
      if (i >= 2 && p1 & p2 & HEX && h1 & h2 & HEX && bytes[i + 3] === PERCENT)
        out.reversedPercent = true;
    }
  }
  return out;
}

/** Percent-decoding that keeps any byte that is not a valid `%XX` escape as it is. */
export function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let o = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (
      c === PERCENT &&
      i + 2 < bytes.length &&
      ((CLASS[bytes[i + 1] ?? 0] ?? 0) & (CLASS[bytes[i + 2] ?? 0] ?? 0) & HEX) !== 0
    ) {
      out[o++] = Number.parseInt(
        String.fromCharCode(bytes[i + 1] as number, bytes[i + 2] as number),
        16,
      );
      i += 2;
    } else {
      out[o++] = c;
    }
  }
  return out.subarray(0, o);
}
