// Flow and taint: the bitset that lets the scan skip almost every window without a lookup.

/** Words of a bitset for `entries` fingerprints: about 32 bits each, a power of two, bounded. */
export function filterWords(entries: number): number {
  let words = 128;
  while (words < entries && words < 1 << 17) words *= 2;
  return words;
}

export function createFilter(entries: number): Uint32Array {
  return new Uint32Array(filterWords(entries));
}

export function filterAdd(filter: Uint32Array, fp: number): void {
  const bit = fp & (filter.length * 32 - 1);
  filter[bit >>> 5] = (filter[bit >>> 5] ?? 0) | (1 << (bit & 31));
}

/** A filter whose words are a copy of `bytes` (as persisted); the length must be a power of two. */
export function filterFromBytes(bytes: Uint8Array): Uint32Array | null {
  const words = bytes.length / 4;
  if (!Number.isInteger(words) || words < 1 || (words & (words - 1)) !== 0) return null;
  const copy = new Uint8Array(bytes);
  return new Uint32Array(copy.buffer, 0, words);
}

/** Merges `b` into `a` when both have the same size; returns whether it could. */
export function filterUnion(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) | (b[i] ?? 0);
  return true;
}
