// draft-irtf-cfrg-vdaf-20 §6.2: next_vec for any XOF stream, with the draft's mask for Field255.
import type { Field, FieldVec } from '../field/field.js';

/** The part of an XOF that next_vec needs: the next `length` bytes of its stream. */
export interface ByteStream {
  next(length: number): Uint8Array;
}

function bitLength(x: bigint): number {
  return x.toString(2).length;
}

const topMasks = new WeakMap<Field, number>();

/**
 * The mask for the top byte of an element: the draft masks each candidate with
 * next_power_of_2(MODULUS) - 1 before the rejection test. For Field64 and Field128 that mask is all
 * ones; for Field255 it clears bit 255.
 */
function topByteMask(field: Field): number {
  let m = topMasks.get(field);
  if (m === undefined) {
    const spare = field.ENCODED_SIZE * 8 - bitLength(field.MODULUS);
    m = 0xff >>> spare;
    topMasks.set(field, m);
  }
  return m;
}

/** next_vec (§6.2): `length` elements of `field` by masking and rejection sampling. */
export function nextVec(xof: ByteStream, field: Field, length: number): FieldVec {
  const size = field.ENCODED_SIZE;
  const mask = topByteMask(field);
  const out = field.zeros(length);
  let filled = 0;
  while (filled < length) {
    const bytes = xof.next((length - filled) * size);
    if (mask !== 0xff)
      for (let i = size - 1; i < bytes.length; i += size) bytes[i] = (bytes[i] as number) & mask;
    const words = field.wordsOf(bytes);
    const got = bytes.length / size;
    for (let i = 0; i < got; i++) {
      if (field.isCanonical(words, i)) field.copy(out, filled++, words, i);
    }
  }
  return out;
}
