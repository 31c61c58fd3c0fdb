// RFC 8446 §3 presentation language, as DAP-18 §4 uses it: a bounded reader over attacker-controlled bytes.
import { DecodeError } from '../errors.js';

export class Reader {
  private off = 0;
  constructor(
    private readonly buf: Uint8Array,
    /** Which message is being decoded, for error messages. */
    private readonly what: string,
  ) {}

  get remaining(): number {
    return this.buf.length - this.off;
  }

  private take(n: number, field: string): Uint8Array {
    if (n > this.remaining)
      throw new DecodeError('decode_truncated', `${this.what}: ${field} is truncated`);
    const out = this.buf.subarray(this.off, this.off + n);
    this.off += n;
    return out;
  }

  u8(field: string): number {
    return this.take(1, field)[0] ?? 0;
  }
  u16(field: string): number {
    const b = this.take(2, field);
    return ((b[0] ?? 0) << 8) | (b[1] ?? 0);
  }
  u32(field: string): number {
    const b = this.take(4, field);
    return (b[0] ?? 0) * 0x1000000 + (((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0));
  }
  /** uint64, refused above 2^53-1 so every decoded value is an exact JS number. */
  u64(field: string): number {
    const hi = this.u32(field);
    const lo = this.u32(field);
    if (hi > 0x1fffff)
      throw new DecodeError('decode_bounds', `${this.what}: ${field} exceeds 2^53-1`);
    return hi * 0x100000000 + lo;
  }
  fixed(n: number, field: string): Uint8Array {
    return this.take(n, field).slice();
  }
  /** opaque field<min..max> with a `width`-byte length prefix; `limit` is the configured bound. */
  opaque(width: 1 | 2 | 4, field: string, min = 0, limit = Infinity): Uint8Array {
    const n = width === 1 ? this.u8(field) : width === 2 ? this.u16(field) : this.u32(field);
    if (n < min)
      throw new DecodeError('decode_bounds', `${this.what}: ${field} shorter than ${min}`);
    if (n > limit)
      throw new DecodeError('decode_bounds', `${this.what}: ${field} longer than ${limit} bytes`);
    return this.take(n, field).slice();
  }
  /** As opaque(), but a view into the buffer: only for bytes this process wrote and owns. */
  opaqueView(width: 1 | 2 | 4, field: string): Uint8Array {
    const n = width === 1 ? this.u8(field) : width === 2 ? this.u16(field) : this.u32(field);
    return this.take(n, field);
  }
  /** A length-prefixed vector of items, each decoded by `item` from a sub-reader it must consume. */
  vector<T>(width: 2 | 4, field: string, maxItems: number, item: (r: Reader) => T): T[] {
    // A view, not a copy: the items copy (fixed, opaque) whatever they keep.
    const n = width === 2 ? this.u16(field) : this.u32(field);
    const body = this.take(n, field);
    return decodeItems(new Reader(body, `${this.what}.${field}`), maxItems, item);
  }
  /** The items that fill the rest of the message (`T items[message_length]`). */
  rest<T>(maxItems: number, item: (r: Reader) => T): T[] {
    return decodeItems(this, maxItems, item);
  }
  end(): void {
    if (this.remaining !== 0)
      throw new DecodeError('decode_trailing', `${this.what}: ${this.remaining} trailing bytes`);
  }
}

function decodeItems<T>(r: Reader, maxItems: number, item: (r: Reader) => T): T[] {
  const out: T[] = [];
  while (r.remaining > 0) {
    if (out.length >= maxItems)
      throw new DecodeError('decode_bounds', `more than ${maxItems} items`);
    out.push(item(r));
  }
  return out;
}

/** Decodes a whole message: `f` must consume every byte. */
export function decodeAll<T>(bytes: Uint8Array, what: string, f: (r: Reader) => T): T {
  const r = new Reader(bytes, what);
  const v = f(r);
  r.end();
  return v;
}
