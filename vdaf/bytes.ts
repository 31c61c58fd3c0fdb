// Byte helpers for the Poplar1 code paths that take caller bytes, which may be Node Buffers.
//
// Buffer#slice returns a view, not a copy, and a small Buffer's .buffer is Node's shared pool, so
// code that copies with .slice() or reinterprets .buffer must first see a plain Uint8Array.

/** A plain Uint8Array over the same bytes (no copy); `b` itself when it already is one. */
export function plainBytes(b: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(b) === Uint8Array.prototype
    ? b
    : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** A copy of `b` in a fresh, exactly sized buffer. */
export function copyBytes(b: Uint8Array): Uint8Array {
  return new Uint8Array(b);
}
