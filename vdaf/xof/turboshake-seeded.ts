// draft-irtf-cfrg-vdaf-20 §6.2.1: XofTurboShake128 for seeds of any length below 256 bytes.
//
// Poplar1's IDPF (§8.3) calls XofTurboShake128 at the leaf level with its 16-byte node seeds; the
// draft's message format carries the seed length, so the stream is the one XofTurboShake128 gives a
// 32-byte seed. XofTurboShake128 itself (used by Prio3) keeps refusing other seed sizes.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { nextVec } from './next-vec.js';
import { TurboShake128Sponge } from './turboshake-sponge.js';

export class XofTurboShake128Seeded {
  private readonly h = new TurboShake128Sponge(1);

  /** M = len(dst) as 2 bytes LE || dst || len(seed) as 1 byte || seed || binder. */
  constructor(seed: Uint8Array, dst: Uint8Array, binder: Uint8Array) {
    if (seed.length > 0xff) throw new VdafArgumentError('XOF seed too long');
    if (dst.length > 0xffff) throw new VdafArgumentError('XOF domain separation tag too long');
    this.h.update(Uint8Array.of(dst.length & 0xff, dst.length >>> 8));
    this.h.update(dst);
    this.h.update(Uint8Array.of(seed.length));
    this.h.update(seed);
    this.h.update(binder);
  }

  next(length: number): Uint8Array {
    return this.h.xof(length);
  }

  /** next_vec, with the draft's mask (which matters for Field255). */
  nextVec(field: Field, length: number): FieldVec {
    return nextVec(this, field, length);
  }
}
