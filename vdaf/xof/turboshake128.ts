// draft-irtf-cfrg-vdaf-20 §6.2.1: XofTurboShake128, TurboSHAKE128 (RFC 9861) with D = 1.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { TurboShake128Sponge } from './turboshake-sponge.js';

export class XofTurboShake128 {
  static readonly SEED_SIZE = 32;
  private readonly h = new TurboShake128Sponge(1);

  /** M = len(dst) as 2 bytes LE || dst || len(seed) as 1 byte || seed || binder. */
  constructor(seed: Uint8Array, dst: Uint8Array, binder: Uint8Array) {
    if (seed.length !== XofTurboShake128.SEED_SIZE) {
      throw new VdafArgumentError(`XOF seed must be ${XofTurboShake128.SEED_SIZE} bytes`);
    }
    if (dst.length > 0xffff) throw new VdafArgumentError('XOF domain separation tag too long');
    this.h.update(Uint8Array.of(dst.length & 0xff, dst.length >>> 8));
    this.h.update(dst);
    this.h.update(Uint8Array.of(seed.length));
    this.h.update(seed);
    this.h.update(binder);
  }

  /** Appends more binder bytes; only valid before the first call to next(). */
  absorbMore(...parts: readonly Uint8Array[]): this {
    for (const p of parts) this.h.update(p);
    return this;
  }

  /** The next `length` bytes of the stream. */
  next(length: number): Uint8Array {
    return this.h.xof(length);
  }

  /**
   * next_vec: `length` field elements by rejection sampling (§6.2). Both fields' moduli sit just
   * below a power of two of their encoded width, so the draft's mask is all ones.
   */
  nextVec(field: Field, length: number): FieldVec {
    if (length === 0) return field.zeros(0);
    const first = field.wordsOf(this.next(length * field.ENCODED_SIZE));
    let filled = 0;
    while (filled < length && field.isCanonical(first, filled)) filled++;
    // Rejections are rare (probability below 2^-30 per element for both fields).
    if (filled === length) return first;
    const out = field.zeros(length);
    out.set(field.view(first, 0, filled));
    for (let i = filled + 1; i < length; i++) {
      if (field.isCanonical(first, i)) field.copy(out, filled++, first, i);
    }
    while (filled < length) {
      const words = field.wordsOf(this.next((length - filled) * field.ENCODED_SIZE));
      const got = words.length / field.WORDS;
      for (let i = 0; i < got; i++) {
        if (field.isCanonical(words, i)) field.copy(out, filled++, words, i);
      }
    }
    return out;
  }

  static deriveSeed(seed: Uint8Array, dst: Uint8Array, binder: Uint8Array): Uint8Array {
    return new XofTurboShake128(seed, dst, binder).next(XofTurboShake128.SEED_SIZE);
  }

  static expandIntoVec(
    field: Field,
    seed: Uint8Array,
    dst: Uint8Array,
    binder: Uint8Array,
    length: number,
  ): FieldVec {
    return new XofTurboShake128(seed, dst, binder).nextVec(field, length);
  }
}
