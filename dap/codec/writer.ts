// RFC 8446 §3 presentation language, as DAP-18 §4 uses it: an encoder that checks each bound it writes.
import { DapError } from '../errors.js';

export class Writer {
  private chunks: Uint8Array[] = [];
  private len = 0;

  private push(b: Uint8Array): this {
    this.chunks.push(b);
    this.len += b.length;
    return this;
  }
  private int(v: number, width: number, field: string): this {
    if (!Number.isSafeInteger(v) || v < 0 || (width < 8 && v >= 2 ** (8 * width)))
      throw new DapError('decode_bounds', `${field}: ${v} does not fit uint${8 * width}`);
    const b = new Uint8Array(width);
    let x = v;
    for (let i = width - 1; i >= 0; i--) {
      b[i] = x % 256;
      x = Math.floor(x / 256);
    }
    return this.push(b);
  }
  u8(v: number, field = 'u8'): this {
    return this.int(v, 1, field);
  }
  u16(v: number, field = 'u16'): this {
    return this.int(v, 2, field);
  }
  u32(v: number, field = 'u32'): this {
    return this.int(v, 4, field);
  }
  u64(v: number, field = 'u64'): this {
    return this.int(v, 8, field);
  }
  fixed(b: Uint8Array, n: number, field: string): this {
    if (b.length !== n) throw new DapError('decode_bounds', `${field} must be ${n} bytes`);
    return this.push(b);
  }
  opaque(width: 1 | 2 | 4, b: Uint8Array, field: string, min = 0): this {
    if (b.length < min) throw new DapError('decode_bounds', `${field} shorter than ${min}`);
    this.int(b.length, width, field);
    return this.push(b);
  }
  /** A length-prefixed vector whose items `f` writes into a nested writer. */
  vector(width: 2 | 4, field: string, f: (w: Writer) => void): this {
    const inner = new Writer();
    f(inner);
    // The items' chunks join this writer as they are: one copy in finish() instead of two.
    this.int(inner.len, width, field);
    for (const c of inner.chunks) this.push(c);
    return this;
  }
  raw(b: Uint8Array): this {
    return this.push(b);
  }
  finish(): Uint8Array {
    const out = new Uint8Array(this.len);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.length;
    }
    this.chunks = [out];
    return out;
  }
}

export function encodeWith(f: (w: Writer) => void): Uint8Array {
  const w = new Writer();
  f(w);
  return w.finish();
}
