// draft-irtf-cfrg-vdaf-20 §8.3: the IDPF of [BBCGGI21] (IdpfBBCGGI21): Field64 inner levels,
// a Field255 leaf, XofFixedKeyAes128 below the leaf and XofTurboShake128 at it.
//
// Evaluation walks the tree one level at a time for all candidate prefixes together: each node on
// a path is computed once however many prefixes share it, and the AES hashing of a whole level goes
// to node:crypto in one call. A caller may keep an IdpfEvalCache per report and Aggregator so that
// the next, deeper evaluation (Poplar1's level-by-level walk) starts from the nodes already known.
import { VdafArgumentError, VdafDecodeError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { Field255 } from '../field/field255.js';
import { Field64 } from '../field/field64.js';
import { concatBytes, formatDst } from '../xof/dst.js';
import { FixedKeyAes128, XofFixedKeyAes128, seedBlock } from '../xof/fixed-key-aes128.js';
import { nextVec } from '../xof/next-vec.js';
import { XofTurboShake128Seeded } from '../xof/turboshake-seeded.js';

const KEY_SIZE = XofFixedKeyAes128.SEED_SIZE;

/** The correction words of every level, as flat arrays (the public share). */
export type IdpfPublicShare = {
  /** seed_cw of each level, KEY_SIZE bytes each. */
  readonly seeds: Uint8Array;
  /** ctrl_cw of each level: ctrl[2 * level] and ctrl[2 * level + 1], each 0 or 1. */
  readonly ctrl: Uint8Array;
  /** w_cw of the inner levels: (BITS - 1) * VALUE_LEN Field64 elements. */
  readonly wInner: FieldVec;
  /** w_cw of the leaf: VALUE_LEN Field255 elements. */
  readonly wLeaf: FieldVec;
};

/**
 * The nodes (seed, control bit) reached at one level by a previous evaluation for one report and
 * one Aggregator. Reuse it only with the same key, public share, ctx and nonce.
 */
export type IdpfEvalCache = {
  level: number;
  /** Prefix value at `level` to node index. */
  index: Map<bigint, number>;
  seeds: Uint8Array;
  ctrl: Uint8Array;
  /** The key the nodes were derived from, checked on reuse. */
  key: Uint8Array;
};

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The hashers of one (ctx, nonce): the fixed-key AES of extend and convert, and their tags. */
export class IdpfHashers {
  readonly extendDst: Uint8Array;
  readonly convertDst: Uint8Array;
  private extendAes: FixedKeyAes128 | undefined;
  private convertAes: FixedKeyAes128 | undefined;

  readonly ctx: Uint8Array;
  readonly nonce: Uint8Array;

  constructor(ctx: Uint8Array, nonce: Uint8Array) {
    this.ctx = ctx.slice();
    this.nonce = nonce.slice();
    this.extendDst = concatBytes(formatDst(1, 0, 0), ctx);
    this.convertDst = concatBytes(formatDst(1, 0, 1), ctx);
  }

  get extend(): FixedKeyAes128 {
    return (this.extendAes ??= new FixedKeyAes128(this.extendDst, this.nonce));
  }

  get convert(): FixedKeyAes128 {
    return (this.convertAes ??= new FixedKeyAes128(this.convertDst, this.nonce));
  }
}

export class IdpfBBCGGI21 {
  static readonly SHARES = 2;
  static readonly KEY_SIZE = KEY_SIZE;
  static readonly RAND_SIZE = 2 * KEY_SIZE;
  static readonly NONCE_SIZE = KEY_SIZE;
  readonly SHARES = 2;
  readonly KEY_SIZE = KEY_SIZE;
  readonly RAND_SIZE = 2 * KEY_SIZE;
  readonly NONCE_SIZE = KEY_SIZE;
  readonly fieldInner: Field = Field64;
  readonly fieldLeaf: Field = Field255;
  /** Bytes of the encoded public share. */
  readonly PUBLIC_SHARE_SIZE: number;
  private readonly valueBlocks: number;

  constructor(
    readonly VALUE_LEN: number,
    readonly BITS: number,
  ) {
    if (!Number.isInteger(VALUE_LEN) || VALUE_LEN < 1 || VALUE_LEN > 0xffff) {
      throw new VdafArgumentError('IDPF value length must be in [1, 65536)');
    }
    if (!Number.isInteger(BITS) || BITS < 1 || BITS > 0xffff) {
      throw new VdafArgumentError('IDPF bits must be in [1, 65536)');
    }
    this.PUBLIC_SHARE_SIZE =
      Math.ceil((2 * BITS) / 8) +
      BITS * KEY_SIZE +
      (BITS - 1) * VALUE_LEN * Field64.ENCODED_SIZE +
      VALUE_LEN * Field255.ENCODED_SIZE;
    this.valueBlocks = Math.ceil((VALUE_LEN * Field64.ENCODED_SIZE) / 16);
  }

  currentField(level: number): Field {
    return level < this.BITS - 1 ? this.fieldInner : this.fieldLeaf;
  }

  /**
   * extend (§8.3) of n seeds: returns s[0] || s[1] per seed (32 bytes each, low bit of each byte 0
   * cleared) and writes the control bits t[0], t[1] of seed i to t[2i], t[2i + 1].
   */
  private extendMany(
    h: IdpfHashers,
    level: number,
    seeds: Uint8Array,
    n: number,
    t: Uint8Array,
  ): Uint8Array {
    let s: Uint8Array;
    if (level < this.BITS - 1) {
      const blocks = new Uint8Array(n * 32);
      for (let i = 0; i < n; i++) {
        const seed = seeds.subarray(i * KEY_SIZE, (i + 1) * KEY_SIZE);
        seedBlock(blocks, i * 32, seed, 0);
        seedBlock(blocks, i * 32 + 16, seed, 1);
      }
      s = h.extend.hashBlocks(blocks);
    } else {
      s = new Uint8Array(n * 32);
      for (let i = 0; i < n; i++) {
        const seed = seeds.subarray(i * KEY_SIZE, (i + 1) * KEY_SIZE);
        s.set(new XofTurboShake128Seeded(seed, h.extendDst, h.nonce).next(32), i * 32);
      }
    }
    for (let i = 0; i < n; i++) {
      t[2 * i] = (s[i * 32] as number) & 1;
      t[2 * i + 1] = (s[i * 32 + 16] as number) & 1;
      s[i * 32] = (s[i * 32] as number) & 0xfe;
      s[i * 32 + 16] = (s[i * 32 + 16] as number) & 0xfe;
    }
    return s;
  }

  /**
   * convert (§8.3) of n seeds: the next seeds (KEY_SIZE bytes each) and, if `values` is given, the
   * VALUE_LEN elements of each seed written to values[i * VALUE_LEN ...].
   */
  private convertMany(
    h: IdpfHashers,
    level: number,
    seeds: Uint8Array,
    n: number,
    values: FieldVec | null,
  ): Uint8Array {
    const next = new Uint8Array(n * KEY_SIZE);
    const vl = this.VALUE_LEN;
    if (level < this.BITS - 1) {
      const f = this.fieldInner;
      const per = values ? 1 + this.valueBlocks : 1;
      const blocks = new Uint8Array(n * per * 16);
      for (let i = 0; i < n; i++) {
        const seed = seeds.subarray(i * KEY_SIZE, (i + 1) * KEY_SIZE);
        for (let b = 0; b < per; b++) seedBlock(blocks, (i * per + b) * 16, seed, b);
      }
      const out = h.convert.hashBlocks(blocks);
      for (let i = 0; i < n; i++) {
        const base = i * per * 16;
        next.set(out.subarray(base, base + KEY_SIZE), i * KEY_SIZE);
        if (!values) continue;
        const words = f.wordsOf(out.subarray(base + 16, base + 16 + vl * f.ENCODED_SIZE));
        let ok = true;
        for (let k = 0; k < vl; k++) if (!f.isCanonical(words, k)) ok = false;
        if (ok) {
          values.set(words, i * vl * f.WORDS);
        } else {
          // A rejected sample (probability about 2^-32 per element): take the slow, exact path.
          const seed = seeds.subarray(i * KEY_SIZE, (i + 1) * KEY_SIZE);
          const xof = new XofFixedKeyAes128(seed, h.convertDst, h.nonce, h.convert);
          xof.next(KEY_SIZE);
          values.set(nextVec(xof, f, vl), i * vl * f.WORDS);
        }
      }
    } else {
      const f = this.fieldLeaf;
      for (let i = 0; i < n; i++) {
        const seed = seeds.subarray(i * KEY_SIZE, (i + 1) * KEY_SIZE);
        const xof = new XofTurboShake128Seeded(seed, h.convertDst, h.nonce);
        next.set(xof.next(KEY_SIZE), i * KEY_SIZE);
        if (values) values.set(xof.nextVec(f, vl), i * vl * f.WORDS);
      }
    }
    return next;
  }

  /**
   * gen (§8.3): alpha is BITS bits (0 or 1, first bit first); betaInner holds (BITS - 1) *
   * VALUE_LEN Field64 elements, betaLeaf VALUE_LEN Field255 elements.
   */
  gen(
    alpha: Uint8Array,
    betaInner: FieldVec,
    betaLeaf: FieldVec,
    ctx: Uint8Array,
    nonce: Uint8Array,
    rand: Uint8Array,
  ): [IdpfPublicShare, [Uint8Array, Uint8Array]] {
    const { BITS, VALUE_LEN: vl } = this;
    if (alpha.length !== BITS) throw new VdafArgumentError('incorrect alpha length');
    if (this.fieldInner.len(betaInner) !== (BITS - 1) * vl) {
      throw new VdafArgumentError('incorrect beta_inner length');
    }
    if (this.fieldLeaf.len(betaLeaf) !== vl) {
      throw new VdafArgumentError('incorrect beta_leaf length');
    }
    if (rand.length !== this.RAND_SIZE) throw new VdafArgumentError('incorrect rand size');
    if (nonce.length !== this.NONCE_SIZE) throw new VdafArgumentError('incorrect nonce size');
    const h = new IdpfHashers(ctx, nonce);
    const keys: [Uint8Array, Uint8Array] = [
      rand.slice(0, KEY_SIZE),
      rand.slice(KEY_SIZE, 2 * KEY_SIZE),
    ];
    let seed = concatBytes(keys[0], keys[1]);
    let ctrl0 = 0;
    let ctrl1 = 1;
    const seeds = new Uint8Array(BITS * KEY_SIZE);
    const ctrlCw = new Uint8Array(2 * BITS);
    const wInner = this.fieldInner.zeros((BITS - 1) * vl);
    const wLeaf = this.fieldLeaf.zeros(vl);
    const t = new Uint8Array(4);
    const x = new Uint8Array(2 * KEY_SIZE);
    for (let level = 0; level < BITS; level++) {
      const f = this.currentField(level);
      const bit = (alpha[level] as number) & 1;
      const keep = bit;
      const lose = 1 - keep;
      // s: seed 0's s[0] || s[1], then seed 1's.
      const s = this.extendMany(h, level, seed, 2, t);
      const cw = seeds.subarray(level * KEY_SIZE, (level + 1) * KEY_SIZE);
      for (let k = 0; k < KEY_SIZE; k++) {
        cw[k] = (s[lose * 16 + k] as number) ^ (s[32 + lose * 16 + k] as number);
      }
      const cw0 = (t[0] as number) ^ (t[2] as number) ^ (1 - bit);
      const cw1 = (t[1] as number) ^ (t[3] as number) ^ bit;
      ctrlCw[2 * level] = cw0;
      ctrlCw[2 * level + 1] = cw1;
      const cwKeep = keep === 0 ? cw0 : cw1;
      for (let k = 0; k < KEY_SIZE; k++) {
        x[k] = (s[keep * 16 + k] as number) ^ (ctrl0 ? (cw[k] as number) : 0);
        x[KEY_SIZE + k] = (s[32 + keep * 16 + k] as number) ^ (ctrl1 ? (cw[k] as number) : 0);
      }
      ctrl0 = (t[keep] as number) ^ (ctrl0 & cwKeep);
      ctrl1 = (t[2 + keep] as number) ^ (ctrl1 & cwKeep);
      const w = f.zeros(2 * vl);
      seed = this.convertMany(h, level, x, 2, w);
      // w_cw = beta - w0 + w1, negated when the second control bit is set.
      const b = level < BITS - 1 ? f.view(betaInner, level * vl, (level + 1) * vl) : betaLeaf;
      const out = level < BITS - 1 ? f.view(wInner, level * vl, (level + 1) * vl) : wLeaf;
      for (let i = 0; i < vl; i++) {
        f.sub(out, i, b, i, w, i);
        f.add(out, i, out, i, w, vl + i);
      }
      if (ctrl1) {
        const zero = f.zeros(1);
        for (let i = 0; i < vl; i++) f.sub(out, i, zero, 0, out, i);
      }
    }
    return [{ seeds, ctrl: ctrlCw, wInner, wLeaf }, keys];
  }

  /**
   * eval (§8.3) at `level` for each prefix (a bigint of level + 1 bits, first bit most
   * significant): returns prefixes.length * VALUE_LEN elements of the level's field, negated for
   * Aggregator 1. With `cache`, starts from the nodes of a previous, shallower evaluation when they
   * cover every prefix, and leaves this level's nodes in it.
   */
  eval(
    aggId: number,
    publicShare: IdpfPublicShare,
    key: Uint8Array,
    level: number,
    prefixes: readonly bigint[],
    ctx: Uint8Array,
    nonce: Uint8Array,
    cache?: IdpfEvalCache,
    hashers?: IdpfHashers,
  ): FieldVec {
    if (aggId !== 0 && aggId !== 1) throw new VdafArgumentError('aggregator id out of range');
    if (!Number.isInteger(level) || level < 0 || level >= this.BITS) {
      throw new VdafArgumentError('level out of range');
    }
    if (key.length !== KEY_SIZE) throw new VdafArgumentError('incorrect key size');
    if (nonce.length !== this.NONCE_SIZE) throw new VdafArgumentError('incorrect nonce size');
    const limit = 1n << BigInt(level + 1);
    for (const p of prefixes) {
      if (p < 0n || p >= limit) throw new VdafArgumentError('incorrect prefix length');
    }
    if (new Set(prefixes).size !== prefixes.length) {
      throw new VdafArgumentError('prefixes must be unique');
    }
    const h = hashers ?? new IdpfHashers(ctx, nonce);
    const vl = this.VALUE_LEN;

    // The frontier: the nodes at `at`, starting from the root (at = -1) or the cache.
    let at = -1;
    let index = new Map<bigint, number>([[0n, 0]]);
    let seeds = key.slice();
    let ctrl = Uint8Array.of(aggId);
    if (cache && cache.level < level && sameBytes(cache.key, key)) {
      const shift = BigInt(level - cache.level);
      let covered = true;
      for (const p of prefixes) {
        if (!cache.index.has(p >> shift)) {
          covered = false;
          break;
        }
      }
      if (covered) {
        at = cache.level;
        index = cache.index;
        seeds = cache.seeds;
        ctrl = cache.ctrl;
      }
    }

    let values: FieldVec = this.currentField(level).zeros(0);
    for (let l = at + 1; l <= level; l++) {
      const f = this.currentField(l);
      const shift = BigInt(level - l);
      // The nodes needed at l, in first-seen order (sorted when the prefixes are).
      const nextIndex = new Map<bigint, number>();
      const parents: number[] = [];
      const bits: number[] = [];
      for (const p of prefixes) {
        const c = p >> shift;
        if (nextIndex.has(c)) continue;
        nextIndex.set(c, parents.length);
        parents.push(index.get(c >> 1n) as number);
        bits.push(Number(c & 1n));
      }
      const n = parents.length;
      const np = ctrl.length;
      const t = new Uint8Array(2 * np);
      const s = this.extendMany(h, l, seeds, np, t);
      const cw = publicShare.seeds.subarray(l * KEY_SIZE, (l + 1) * KEY_SIZE);
      const cw0 = publicShare.ctrl[2 * l] as number;
      const cw1 = publicShare.ctrl[2 * l + 1] as number;
      const chosen = new Uint8Array(n * KEY_SIZE);
      const nextCtrl = new Uint8Array(n);
      for (let j = 0; j < n; j++) {
        const pi = parents[j] as number;
        const bit = bits[j] as number;
        const pc = ctrl[pi] as number;
        const off = pi * 32 + bit * 16;
        for (let k = 0; k < KEY_SIZE; k++) {
          chosen[j * KEY_SIZE + k] = (s[off + k] as number) ^ (pc ? (cw[k] as number) : 0);
        }
        nextCtrl[j] = (t[2 * pi + bit] as number) ^ (pc & (bit === 0 ? cw0 : cw1));
      }
      const y = l === level ? f.zeros(n * vl) : null;
      seeds = this.convertMany(h, l, chosen, n, y);
      if (y) {
        const w = l < this.BITS - 1 ? f.view(publicShare.wInner, l * vl, (l + 1) * vl) : publicShare.wLeaf;
        for (let j = 0; j < n; j++) {
          if (nextCtrl[j]) for (let i = 0; i < vl; i++) f.add(y, j * vl + i, y, j * vl + i, w, i);
        }
        values = y;
      }
      index = nextIndex;
      ctrl = nextCtrl;
    }
    if (cache) {
      cache.level = level;
      cache.index = index;
      cache.seeds = seeds;
      cache.ctrl = ctrl;
      cache.key = key.slice();
    }

    // Gather each prefix's value (the frontier is in first-seen order, one node per prefix).
    const f = this.currentField(level);
    const out = f.zeros(prefixes.length * vl);
    prefixes.forEach((p, i) => {
      const j = index.get(p) as number;
      for (let k = 0; k < vl; k++) f.copy(out, i * vl + k, values, j * vl + k);
    });
    if (aggId === 1) {
      const zero = f.zeros(1);
      for (let i = 0; i < prefixes.length * vl; i++) f.sub(out, i, zero, 0, out, i);
    }
    return out;
  }

  /** A fresh, empty evaluation cache for one report and Aggregator. */
  static newCache(): IdpfEvalCache {
    return {
      level: -1,
      index: new Map(),
      seeds: new Uint8Array(0),
      ctrl: new Uint8Array(0),
      key: new Uint8Array(0),
    };
  }

  encodePublicShare(ps: IdpfPublicShare): Uint8Array {
    const { BITS } = this;
    const out = new Uint8Array(this.PUBLIC_SHARE_SIZE);
    for (let i = 0; i < 2 * BITS; i++) {
      if (ps.ctrl[i]) out[i >> 3] = (out[i >> 3] as number) | (1 << (i & 7));
    }
    let off = Math.ceil((2 * BITS) / 8);
    out.set(ps.seeds, off);
    off += BITS * KEY_SIZE;
    const inner = this.fieldInner.bytesOf(ps.wInner);
    out.set(inner, off);
    off += inner.length;
    out.set(this.fieldLeaf.bytesOf(ps.wLeaf), off);
    return out;
  }

  /** Parses a Client's public share (this value is attacker-controlled). */
  decodePublicShare(encoded: Uint8Array): IdpfPublicShare {
    const { BITS, VALUE_LEN: vl } = this;
    if (encoded.length !== this.PUBLIC_SHARE_SIZE) {
      throw new VdafDecodeError(
        'VDAF_DECODE_LENGTH',
        `public share: expected ${this.PUBLIC_SHARE_SIZE} bytes, got ${encoded.length}`,
      );
    }
    const ctrlBytes = Math.ceil((2 * BITS) / 8);
    const used = 2 * BITS - 8 * (ctrlBytes - 1);
    if ((encoded[ctrlBytes - 1] as number) >> used !== 0) {
      throw new VdafDecodeError('VDAF_DECODE_TRAILING_BITS', 'public share: trailing control bits');
    }
    const ctrl = new Uint8Array(2 * BITS);
    for (let i = 0; i < 2 * BITS; i++) ctrl[i] = ((encoded[i >> 3] as number) >> (i & 7)) & 1;
    let off = ctrlBytes;
    const seeds = encoded.slice(off, off + BITS * KEY_SIZE);
    off += BITS * KEY_SIZE;
    const innerBytes = (BITS - 1) * vl * this.fieldInner.ENCODED_SIZE;
    const wInner = this.fieldInner.decodeVec(
      encoded.subarray(off, off + innerBytes),
      (BITS - 1) * vl,
      'public share inner payload',
    );
    off += innerBytes;
    const wLeaf = this.fieldLeaf.decodeVec(encoded.subarray(off), vl, 'public share leaf payload');
    return { seeds, ctrl, wInner, wLeaf };
  }
}
