// Flow and taint: what the decoder may decode in a view (base64 and hex runs, percent
// escapes). Runs are found from sampled positions: any run long enough to decode holds an 8-byte
// window starting at a multiple of the stride, so only those windows are classified and only a hit
// is widened to its run; percent escapes are found by the native byte search.

const B64 = 1;
const HEX = 2;
const CLASS = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const ch = String.fromCharCode(c);
  CLASS[c] = (/[A-Za-z0-9+/_-]/.test(ch) ? B64 : 0) | (/[0-9A-Fa-f]/.test(ch) ? HEX : 0);
}
const PERCENT = 0x25;
const EQUALS = 0x3d;
const SAMPLE = 8;

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

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((CLASS[c] as number) & HEX) !== 0;
}

function percentFlags(bytes: Uint8Array, out: ByteRuns): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = buf.indexOf(PERCENT); i >= 0; i = buf.indexOf(PERCENT, i + 1)) {
    if (!isHex(buf[i + 1]) || !isHex(buf[i + 2])) continue;
    out.percent = true;
    if (i >= 2 && isHex(buf[i - 1]) && isHex(buf[i - 2]) && buf[i + 3] === PERCENT) {
      out.reversedPercent = true;
      return;
    }
  }
}

/** Runs of at least `minBase64` base64 characters (padding included) and `minHex` hex digits. */
export function findRuns(bytes: Uint8Array, minBase64: number, minHex: number): ByteRuns {
  const out: ByteRuns = { base64: [], hex: [], percent: false, reversedPercent: false };
  percentFlags(bytes, out);
  const n = bytes.length;
  // The shortest run to find, padding aside; a run of `shortest` bytes holds a sampled window.
  const shortest = Math.max(1, Math.min(minBase64 - 2, minHex));
  const width = Math.min(SAMPLE, shortest);
  const stride = shortest - width + 1;
  let b64Done = 0;
  let hexDone = 0;
  for (let q = 0; q + width <= n; q += stride) {
    let c = B64 | HEX;
    for (let j = 0; j < width && c !== 0; j++) c &= CLASS[bytes[q + j] as number] as number;
    if (c & B64 && q >= b64Done) {
      let start = q;
      while (start > 0 && (CLASS[bytes[start - 1] as number] as number) & B64) start--;
      let end = q + width;
      while (end < n && (CLASS[bytes[end] as number] as number) & B64) end++;
      b64Done = end;
      while (end < n && end - b64Done < 2 && bytes[end] === EQUALS) end++;
      if (end - start >= minBase64) out.base64.push({ start, end });
    }
    if (c & HEX && q >= hexDone) {
      let start = q;
      while (start > 0 && (CLASS[bytes[start - 1] as number] as number) & HEX) start--;
      let end = q + width;
      while (end < n && (CLASS[bytes[end] as number] as number) & HEX) end++;
      hexDone = end;
      if (end - start >= minHex) out.hex.push({ start, end });
    }
  }
  return out;
}

/** The bytes of a view as a string of one character per byte (positions are byte offsets). */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** Percent-decoding that keeps any byte that is not a valid `%XX` escape as it is. */
export function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let o = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    const hi = c === PERCENT && i + 2 < bytes.length ? hexValue(bytes[i + 1] as number) : -1;
    const lo = hi >= 0 ? hexValue(bytes[i + 2] as number) : -1;
    if (lo >= 0) {
      out[o++] = (hi << 4) | lo;
      i += 2;
    } else {
      out[o++] = c;
    }
  }
  return out.subarray(0, o);
}
