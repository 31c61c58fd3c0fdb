// RFC 9861 §2.2: the TurboSHAKE128 sponge (rate 168 bytes, Keccak-p[1600, 12], domain byte D), the
// one every XofTurboShake128 stream of draft-irtf-cfrg-vdaf-20 §6.2.1 runs on.
import { VdafArgumentError } from '../errors.js';
import { keccakP12 } from './keccak-p12.js';

/** TurboSHAKE128's rate in bytes, and in 32-bit words. */
const RATE = 168;
const RATE_WORDS = RATE / 4;
/** Keccak lanes are little-endian; the state's words are swapped around each permutation elsewhere. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

function swapWords(s: Uint32Array): void {
  for (let i = 0; i < s.length; i++) {
    const w = s[i] as number;
    s[i] = ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24);
  }
}

/**
 * TurboSHAKE128(M, D, L) as an incremental sponge: `update` absorbs M in parts, the first `xof`
 * pads (D, then 0x80 at the end of the block) and each `xof` squeezes the next bytes.
 *
 * @throws {VdafArgumentError} from the constructor, a D outside 0x01..0x7F (RFC 9861 §2.2); from
 * `update`, absorbing after the first output
 * @example new TurboShake128Sponge(1).update(Uint8Array.of(0xff)).xof(32);
 */
export class TurboShake128Sponge {
  private readonly state = new Uint32Array(50);
  private readonly bytes = new Uint8Array(this.state.buffer);
  private pos = 0;
  private squeezing = false;

  constructor(private readonly d: number) {
    if (!Number.isInteger(d) || d < 0x01 || d > 0x7f)
      throw new VdafArgumentError('TurboSHAKE128 domain byte must be in 0x01..0x7F');
  }

  /** A sponge in the same state, absorbing and squeezing on its own from here. */
  clone(): TurboShake128Sponge {
    const c = new TurboShake128Sponge(this.d);
    c.state.set(this.state);
    c.pos = this.pos;
    c.squeezing = this.squeezing;
    return c;
  }

  private permute(): void {
    if (!LITTLE_ENDIAN) swapWords(this.state);
    keccakP12(this.state);
    if (!LITTLE_ENDIAN) swapWords(this.state);
  }

  update(input: Uint8Array): this {
    if (this.squeezing) throw new VdafArgumentError('TurboSHAKE128: absorbing after the output');
    const { state, bytes } = this;
    let data = input;
    let pos = this.pos;
    let i = 0;
    while (i < data.length) {
      // Whole blocks from a block boundary are XORed a word at a time, from a 4-byte aligned copy
      // when the input is not aligned (a measurement share is absorbed after an odd-length prefix).
      if (pos === 0 && data.length - i >= RATE) {
        if ((data.byteOffset + i) % 4 !== 0) {
          data = data.slice(i);
          i = 0;
        }
        const blocks = Math.floor((data.length - i) / RATE);
        const words = new Uint32Array(data.buffer, data.byteOffset + i, blocks * RATE_WORDS);
        for (let o = 0; o < words.length; o += RATE_WORDS) {
          for (let k = 0; k < RATE_WORDS; k++)
            state[k] = (state[k] as number) ^ (words[o + k] as number);
          this.permute();
        }
        i += blocks * RATE;
        continue;
      }
      const take = Math.min(RATE - pos, data.length - i);
      for (let k = 0; k < take; k++)
        bytes[pos + k] = (bytes[pos + k] as number) ^ (data[i + k] as number);
      pos += take;
      i += take;
      if (pos === RATE) {
        this.permute();
        pos = 0;
      }
    }
    this.pos = pos;
    return this;
  }

  /** The next `length` bytes of the output stream. */
  xof(length: number): Uint8Array {
    const { bytes } = this;
    if (!this.squeezing) {
      bytes[this.pos] = (bytes[this.pos] as number) ^ this.d;
      bytes[RATE - 1] = (bytes[RATE - 1] as number) ^ 0x80;
      this.permute();
      this.pos = 0;
      this.squeezing = true;
    }
    const out = new Uint8Array(length);
    for (let o = 0; o < length;) {
      if (this.pos === RATE) {
        this.permute();
        this.pos = 0;
      }
      const take = Math.min(RATE - this.pos, length - o);
      out.set(bytes.subarray(this.pos, this.pos + take), o);
      o += take;
      this.pos += take;
    }
    return out;
  }
}
