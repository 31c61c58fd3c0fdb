// Frames of the aggregator's local admin channel (dap/admin/server.ts): a 4-byte big-endian length,
// then that many bytes. One request frame and one answer frame per connection.
import { DecodeError } from '../errors.js';

export const FRAME_HEADER = 4;

export function encodeFrame(payload: Uint8Array, maxBytes: number): Uint8Array {
  if (payload.length > maxBytes)
    throw new DecodeError('decode_bounds', `frame of ${payload.length} bytes exceeds ${maxBytes}`);
  const out = new Uint8Array(FRAME_HEADER + payload.length);
  new DataView(out.buffer).setUint32(0, payload.length);
  out.set(payload, FRAME_HEADER);
  return out;
}

/**
 * Collects one frame from a byte stream. `push` returns the payload once complete; it throws as
 * soon as the header announces more than `maxBytes` (before the body is read) or bytes follow the
 * frame. `end` throws when the stream stopped mid-frame.
 */
export class FrameReader {
  private buf = new Uint8Array(0);
  private done = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Uint8Array): Uint8Array | undefined {
    if (this.done) throw new DecodeError('decode_trailing', 'bytes after the frame');
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf);
    joined.set(chunk, this.buf.length);
    this.buf = joined;
    if (this.buf.length < FRAME_HEADER) return undefined;
    const len = new DataView(this.buf.buffer, this.buf.byteOffset).getUint32(0);
    if (len > this.maxBytes)
      throw new DecodeError('decode_bounds', `frame of ${len} bytes exceeds ${this.maxBytes}`);
    const end = FRAME_HEADER + len;
    if (this.buf.length < end) return undefined;
    if (this.buf.length > end) throw new DecodeError('decode_trailing', 'bytes after the frame');
    this.done = true;
    return this.buf.slice(FRAME_HEADER, end);
  }

  end(): void {
    if (!this.done) throw new DecodeError('decode_truncated', 'the stream ended inside a frame');
  }
}

/** The one frame of a complete byte string (for tests and for callers holding every byte). */
export function decodeFrame(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const r = new FrameReader(maxBytes);
  const payload = r.push(bytes);
  r.end();
  if (!payload) throw new DecodeError('decode_truncated', 'incomplete frame');
  return payload;
}
