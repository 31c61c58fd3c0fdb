// draft-irtf-cfrg-vdaf-20 §6.2.2: XofFixedKeyAes128, a circular correlation-robust hash from
// fixed-key AES-128 (node:crypto, ECB for the one-block permutation), keyed by TurboSHAKE128 with
// D = 2 over the domain separation tag and binder.
import { createCipheriv, type Cipher } from 'node:crypto';
import { turboshake128 } from '@noble/hashes/sha3-addons.js';
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { nextVec } from './next-vec.js';

const SEED_SIZE = 16;

/**
 * The hash of §6.2.2 for one fixed key: hash_block(x) = AES128(key, sigma(x)) xor sigma(x), with
 * sigma(lo || hi) = hi || (hi xor lo). One instance serves every seed of a (dst, binder) pair, which
 * the draft's implementation note allows; the IDPF hashes a whole tree level in one call.
 */
export class FixedKeyAes128 {
  private readonly cipher: Cipher;
  /** sigma of the blocks of hashWords, kept between calls (grown as needed). */
  private sigma = new Uint32Array(64);

  constructor(dst: Uint8Array, binder: Uint8Array) {
    if (dst.length > 0xffff) throw new VdafArgumentError('XOF domain separation tag too long');
    const h = turboshake128.create({ D: 2, dkLen: 16 });
    h.update(Uint8Array.of(dst.length & 0xff, dst.length >>> 8));
    h.update(dst);
    h.update(binder);
    const key = h.digest();
    this.cipher = createCipheriv('aes-128-ecb', key, null);
    this.cipher.setAutoPadding(false);
  }

  /**
   * Hashes `blocks` (a multiple of 16 bytes, each block already seed xor counter) and returns the
   * hashed blocks. `blocks` is overwritten with sigma of each block.
   */
  hashBlocks(blocks: Uint8Array): Uint8Array {
    for (let o = 0; o < blocks.length; o += 16) {
      for (let k = 0; k < 8; k++) {
        const lo = blocks[o + k] as number;
        const hi = blocks[o + 8 + k] as number;
        blocks[o + k] = hi;
        blocks[o + 8 + k] = hi ^ lo;
      }
    }
    // A plain view, not the Buffer: Buffer#slice does not copy, and callers slice the result.
    const enc = this.cipher.update(blocks);
    const out = new Uint8Array(enc.buffer, enc.byteOffset, enc.length);
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) ^ (blocks[i] as number);
    return out;
  }

  /**
   * hashWords: the same hash on 32-bit little-endian words. Reads `n` blocks of `input` (4 words
   * each: seed xor counter) and writes the hashed blocks to `out`, without per-block allocation.
   * Only for little-endian hosts (the IDPF checks).
   */
  hashWords(input: Uint32Array, n: number, out: Uint32Array): void {
    const w = 4 * n;
    if (this.sigma.length < w) this.sigma = new Uint32Array(Math.max(w, 2 * this.sigma.length));
    const sg = this.sigma;
    for (let o = 0; o < w; o += 4) {
      const w0 = input[o] as number;
      const w1 = input[o + 1] as number;
      const w2 = input[o + 2] as number;
      const w3 = input[o + 3] as number;
      sg[o] = w2;
      sg[o + 1] = w3;
      sg[o + 2] = (w2 ^ w0) >>> 0;
      sg[o + 3] = (w3 ^ w1) >>> 0;
    }
    const enc = this.cipher.update(new Uint8Array(sg.buffer, 0, 16 * n));
    if (enc.byteOffset % 4 === 0) {
      const e = new Uint32Array(enc.buffer, enc.byteOffset, w);
      for (let i = 0; i < w; i++) out[i] = ((e[i] as number) ^ (sg[i] as number)) >>> 0;
    } else {
      new Uint8Array(out.buffer, out.byteOffset, 16 * n).set(enc);
      for (let i = 0; i < w; i++) out[i] = ((out[i] as number) ^ (sg[i] as number)) >>> 0;
    }
  }
}

/** Writes seed xor le_bytes(counter, 16) at out[off..off+16). */
export function seedBlock(out: Uint8Array, off: number, seed: Uint8Array, counter: number): void {
  out.set(seed, off);
  out[off] = (out[off] as number) ^ (counter & 0xff);
  out[off + 1] = (out[off + 1] as number) ^ ((counter >>> 8) & 0xff);
  out[off + 2] = (out[off + 2] as number) ^ ((counter >>> 16) & 0xff);
  out[off + 3] = (out[off + 3] as number) ^ (counter >>> 24);
}

export class XofFixedKeyAes128 {
  static readonly SEED_SIZE = SEED_SIZE;
  private readonly hash: FixedKeyAes128;
  private readonly seed: Uint8Array;
  private consumed = 0;

  /** A new stream for `seed`; pass `hash` to reuse the fixed key of the same (dst, binder). */
  constructor(seed: Uint8Array, dst: Uint8Array, binder: Uint8Array, hash?: FixedKeyAes128) {
    if (seed.length !== SEED_SIZE) {
      throw new VdafArgumentError(`XOF seed must be ${SEED_SIZE} bytes`);
    }
    this.seed = new Uint8Array(seed);
    this.hash = hash ?? new FixedKeyAes128(dst, binder);
  }

  next(length: number): Uint8Array {
    const offset = this.consumed % 16;
    const first = Math.floor(this.consumed / 16);
    const end = this.consumed + length;
    const last = Math.floor((end + 15) / 16);
    this.consumed = end;
    const blocks = new Uint8Array((last - first) * 16);
    for (let i = first; i < last; i++) seedBlock(blocks, (i - first) * 16, this.seed, i);
    return this.hash.hashBlocks(blocks).subarray(offset, offset + length);
  }

  nextVec(field: Field, length: number): FieldVec {
    return nextVec(this, field, length);
  }

  static deriveSeed(seed: Uint8Array, dst: Uint8Array, binder: Uint8Array): Uint8Array {
    return new XofFixedKeyAes128(seed, dst, binder).next(SEED_SIZE).slice();
  }

  static expandIntoVec(
    field: Field,
    seed: Uint8Array,
    dst: Uint8Array,
    binder: Uint8Array,
    length: number,
  ): FieldVec {
    return new XofFixedKeyAes128(seed, dst, binder).nextVec(field, length);
  }
}
