// draft-irtf-cfrg-vdaf-20 §8.3: the IDPF of [BBCGGI21] (IdpfBBCGGI21): Field64 inner levels,
// a Field255 leaf, XofFixedKeyAes128 below the leaf and XofTurboShake128 at it.
//
// Evaluation walks the tree one level at a time for all candidate prefixes together: each node on
// a path is computed once however many prefixes share it, and the AES hashing of a whole level goes
// to node:crypto in one call. Seeds live as 32-bit little-endian words (4 per seed), so the
// corrections are word XORs and the Field64 values come out of the hash already in FieldVec form.
// A caller may keep an IdpfEvalCache per report and Aggregator so that the next, deeper evaluation
// (Poplar1's level-by-level walk) starts from the nodes already known.
import { VdafArgumentError, VdafDecodeError, VdafParamError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { Field255 } from '../field/field255.js';
import { Field64 } from '../field/field64.js';
import { copyBytes, plainBytes } from '../bytes.js';
import { concatBytes } from '../../common/index.js';
import { formatDst } from '../xof/dst.js';
import { FixedKeyAes128, XofFixedKeyAes128 } from '../xof/fixed-key-aes128.js';
import { nextVec } from '../xof/next-vec.js';
import { XofTurboShake128Seeded } from '../xof/turboshake-seeded.js';

const KEY_SIZE = XofFixedKeyAes128.SEED_SIZE;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

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
 * one Aggregator. Reuse it only with the same key, public share, ctx and nonce (the key is
 * checked).
 */
export type IdpfEvalCache = {
  level: number;
  /** Prefix value at `level` to node index. */
  index: Map<bigint, number>;
  /** 4 words per node. */
  seeds: Uint32Array;
  ctrl: Uint8Array;
  key: Uint8Array;
};

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function increasing(xs: readonly bigint[]): boolean {
  for (let i = 1; i < xs.length; i++) if ((xs[i - 1] as bigint) >= (xs[i] as bigint)) return false;
  return true;
}

function words(bytes: Uint8Array): Uint32Array {
  return new Uint32Array(copyBytes(bytes).buffer);
}

function wordBytes(w: Uint32Array, start: number, end: number): Uint8Array {
  return new Uint8Array(w.buffer, w.byteOffset + 4 * start, 4 * (end - start));
}

/** The hashers of one (ctx, nonce): the fixed-key AES of extend and convert, and their tags. */
export class IdpfHashers {
  readonly extendDst: Uint8Array;
  readonly convertDst: Uint8Array;
  readonly ctx: Uint8Array;
  readonly nonce: Uint8Array;
  private extendAes: FixedKeyAes128 | undefined;
  private convertAes: FixedKeyAes128 | undefined;

  constructor(ctx: Uint8Array, nonce: Uint8Array) {
    this.ctx = copyBytes(ctx);
    this.nonce = copyBytes(nonce);
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

/** Growable scratch words, shared by the synchronous calls of one IDPF instance. */
class Scratch {
  private w = new Uint32Array(256);
  get(n: number): Uint32Array {
    if (this.w.length < n) this.w = new Uint32Array(Math.max(n, 2 * this.w.length));
    return this.w;
  }
}

const cwWords = new WeakMap<IdpfPublicShare, Uint32Array>();

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
  /** AES blocks holding one seed's VALUE_LEN Field64 elements after its next seed. */
  private readonly valueBlocks: number;
  private readonly blockIn = new Scratch();

  constructor(
    readonly VALUE_LEN: number,
    readonly BITS: number,
  ) {
    if (!LITTLE_ENDIAN) throw new VdafParamError('the IDPF needs a little-endian host');
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
   * extend (§8.3) of n seeds (4 words each): writes s[0] || s[1] of seed i to s[8i..8i+8) (with the
   * low bit of each half cleared) and its control bits t[0], t[1] to t[2i], t[2i + 1].
   */
  private extendMany(
    h: IdpfHashers,
    level: number,
    seeds: Uint32Array,
    n: number,
    s: Uint32Array,
    t: Uint8Array,
  ): void {
    if (level < this.BITS - 1) {
      const blocks = this.blockIn.get(8 * n);
      for (let i = 0; i < n; i++) {
        const a = 4 * i;
        const b = 8 * i;
        const w0 = seeds[a] as number;
        const w1 = seeds[a + 1] as number;
        const w2 = seeds[a + 2] as number;
        const w3 = seeds[a + 3] as number;
        blocks[b] = w0;
        blocks[b + 1] = w1;
        blocks[b + 2] = w2;
        blocks[b + 3] = w3;
        blocks[b + 4] = (w0 ^ 1) >>> 0;
        blocks[b + 5] = w1;
        blocks[b + 6] = w2;
        blocks[b + 7] = w3;
      }
      h.extend.hashWords(blocks, 2 * n, s);
    } else {
      for (let i = 0; i < n; i++) {
        const seed = wordBytes(seeds, 4 * i, 4 * i + 4);
        const out = new XofTurboShake128Seeded(seed, h.extendDst, h.nonce).next(32);
        wordBytes(s, 8 * i, 8 * i + 8).set(out);
      }
    }
    for (let i = 0; i < n; i++) {
      const b = 8 * i;
      t[2 * i] = (s[b] as number) & 1;
      t[2 * i + 1] = (s[b + 4] as number) & 1;
      s[b] = ((s[b] as number) & ~1) >>> 0;
      s[b + 4] = ((s[b + 4] as number) & ~1) >>> 0;
    }
  }

  /**
   * convert (§8.3) of n seeds (4 words each): writes the next seeds to next[4i..4i+4) and, when
   * `values` is given, the VALUE_LEN elements of seed i to values from element i * VALUE_LEN.
   * `next` may alias `seeds`.
   */
  private convertMany(
    h: IdpfHashers,
    level: number,
    seeds: Uint32Array,
    n: number,
    next: Uint32Array,
    values: FieldVec | null,
  ): void {
    const vl = this.VALUE_LEN;
    if (level < this.BITS - 1) {
      const f = this.fieldInner;
      const per = values ? 1 + this.valueBlocks : 1;
      const blocks = this.blockIn.get(4 * n * per);
      for (let i = 0; i < n; i++) {
        for (let b = 0; b < per; b++) {
          const o = 4 * (i * per + b);
          blocks[o] = ((seeds[4 * i] as number) ^ b) >>> 0;
          blocks[o + 1] = seeds[4 * i + 1] as number;
          blocks[o + 2] = seeds[4 * i + 2] as number;
          blocks[o + 3] = seeds[4 * i + 3] as number;
        }
      }
      const out = values ? new Uint32Array(4 * n * per) : blocks;
      // Without values the output overwrites the input blocks (hashWords reads them first).
      h.convert.hashWords(blocks, n * per, out);
      if (!values) {
        for (let i = 0; i < 4 * n; i++) next[i] = out[i] as number;
        return;
      }
      const ew = f.WORDS;
      for (let i = 0; i < n; i++) {
        const base = 4 * i * per;
        let ok = true;
        for (let k = 0; k < vl; k++) if (!f.isCanonical(out.subarray(base + 4), k)) ok = false;
        if (ok) {
          for (let k = 0; k < vl * ew; k++) values[i * vl * ew + k] = out[base + 4 + k] as number;
        } else {
          // A rejected sample (probability about 2^-32 per element): take the slow, exact path.
          const seed = wordBytes(seeds, 4 * i, 4 * i + 4).slice();
          const xof = new XofFixedKeyAes128(seed, h.convertDst, h.nonce, h.convert);
          xof.next(KEY_SIZE);
          values.set(nextVec(xof, f, vl), i * vl * ew);
        }
        for (let k = 0; k < 4; k++) next[4 * i + k] = out[base + k] as number;
      }
    } else {
      const f = this.fieldLeaf;
      for (let i = 0; i < n; i++) {
        const seed = wordBytes(seeds, 4 * i, 4 * i + 4).slice();
        const xof = new XofTurboShake128Seeded(seed, h.convertDst, h.nonce);
        wordBytes(next, 4 * i, 4 * i + 4).set(xof.next(KEY_SIZE));
        if (values) values.set(xof.nextVec(f, vl), i * vl * f.WORDS);
      }
    }
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
      copyBytes(rand.subarray(0, KEY_SIZE)),
      copyBytes(rand.subarray(KEY_SIZE, 2 * KEY_SIZE)),
    ];
    // seed: the two parties' current seeds, 4 words each.
    const seed = words(rand.subarray(0, 2 * KEY_SIZE));
    let ctrl0 = 0;
    let ctrl1 = 1;
    const cwAll = new Uint32Array(4 * BITS);
    const ctrlCw = new Uint8Array(2 * BITS);
    const wInner = this.fieldInner.zeros((BITS - 1) * vl);
    const wLeaf = this.fieldLeaf.zeros(vl);
    const t = new Uint8Array(4);
    const s = new Uint32Array(16);
    const x = new Uint32Array(8);
    const wInnerScratch = this.fieldInner.zeros(2 * vl);
    const wLeafScratch = this.fieldLeaf.zeros(2 * vl);
    const zInner = this.fieldInner.zeros(1);
    const zLeaf = this.fieldLeaf.zeros(1);
    for (let level = 0; level < BITS; level++) {
      const leaf = level === BITS - 1;
      const f = leaf ? this.fieldLeaf : this.fieldInner;
      const bit = (alpha[level] as number) & 1;
      const keep = bit;
      const lose = 1 - keep;
      // s: seed 0's s[0] || s[1] (words 0..8), then seed 1's (words 8..16).
      this.extendMany(h, level, seed, 2, s, t);
      const c = 4 * level;
      for (let k = 0; k < 4; k++) {
        cwAll[c + k] = ((s[4 * lose + k] as number) ^ (s[8 + 4 * lose + k] as number)) >>> 0;
      }
      const cw0 = (t[0] as number) ^ (t[2] as number) ^ (1 - bit);
      const cw1 = (t[1] as number) ^ (t[3] as number) ^ bit;
      ctrlCw[2 * level] = cw0;
      ctrlCw[2 * level + 1] = cw1;
      const cwKeep = keep === 0 ? cw0 : cw1;
      // Constant-time selects: the mask is all ones when the control bit is set.
      const m0 = -ctrl0 >>> 0;
      const m1 = -ctrl1 >>> 0;
      for (let k = 0; k < 4; k++) {
        const cwk = cwAll[c + k] as number;
        x[k] = ((s[4 * keep + k] as number) ^ (cwk & m0)) >>> 0;
        x[4 + k] = ((s[8 + 4 * keep + k] as number) ^ (cwk & m1)) >>> 0;
      }
      ctrl0 = (t[keep] as number) ^ (ctrl0 & cwKeep);
      ctrl1 = (t[2 + keep] as number) ^ (ctrl1 & cwKeep);
      const w = leaf ? wLeafScratch : wInnerScratch;
      this.convertMany(h, level, x, 2, seed, w);
      // w_cw = beta - w0 + w1, negated when the second control bit is set.
      const b = leaf ? betaLeaf : f.view(betaInner, level * vl, (level + 1) * vl);
      const out = leaf ? wLeaf : f.view(wInner, level * vl, (level + 1) * vl);
      const zero = leaf ? zLeaf : zInner;
      for (let i = 0; i < vl; i++) {
        f.sub(out, i, b, i, w, i);
        f.add(out, i, out, i, w, vl + i);
        if (ctrl1) f.sub(out, i, zero, 0, out, i);
      }
    }
    const seeds = new Uint8Array(cwAll.buffer);
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
    this.checkPublicShare(publicShare);
    const depth = level + 1;
    const limit = 1n << BigInt(depth);
    for (const p of prefixes) {
      if (typeof p !== 'bigint' || p < 0n || p >= limit) {
        throw new VdafArgumentError('incorrect prefix length');
      }
    }
    if (!increasing(prefixes) && new Set(prefixes).size !== prefixes.length) {
      throw new VdafArgumentError('prefixes must be unique');
    }
    const h = hashers ?? new IdpfHashers(ctx, nonce);
    const vl = this.VALUE_LEN;
    const n = prefixes.length;
    const f = this.currentField(level);
    if (n === 0) return f.zeros(0);

    // Each prefix's bits (as '0'/'1' character codes) and its shared-path length with the previous
    // prefix: at level l, prefix i starts a new node unless it shares l + 1 bits with prefix i - 1.
    const bitStr = prefixes.map((p) => p.toString(2).padStart(depth, '0'));
    const share = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const a = bitStr[i - 1] as string;
      const b = bitStr[i] as string;
      let k = 0;
      while (k < depth && a.charCodeAt(k) === b.charCodeAt(k)) k++;
      share[i] = k;
    }

    // The frontier: node index of each prefix at level `at`, and the nodes' seeds and control bits.
    let at = -1;
    let nodeOf = new Int32Array(n);
    let seeds: Uint32Array = words(key);
    let ctrl: Uint8Array = Uint8Array.of(aggId);
    if (cache && cache.level >= 0 && cache.level < level && sameBytes(cache.key, key)) {
      const shift = BigInt(level - cache.level);
      const found = new Int32Array(n);
      let covered = true;
      for (let i = 0; i < n; i++) {
        const j = cache.index.get((prefixes[i] as bigint) >> shift);
        if (j === undefined) {
          covered = false;
          break;
        }
        found[i] = j;
      }
      if (covered) {
        at = cache.level;
        nodeOf = found;
        seeds = cache.seeds;
        ctrl = cache.ctrl;
      }
    }

    const cwAll = this.correctionWords(publicShare);
    let values: FieldVec = f.zeros(0);
    let s = new Uint32Array(8 * ctrl.length);
    let t = new Uint8Array(2 * ctrl.length);
    for (let l = at + 1; l <= level; l++) {
      const lf = this.currentField(l);
      // Nodes at l: one per run of prefixes sharing their first l + 1 bits.
      const next = new Int32Array(n);
      const parent: number[] = [];
      const bits: number[] = [];
      for (let i = 0; i < n; i++) {
        if (i > 0 && (share[i] as number) > l && nodeOf[i] === nodeOf[i - 1]) {
          next[i] = next[i - 1] as number;
          continue;
        }
        next[i] = parent.length;
        parent.push(nodeOf[i] as number);
        bits.push((bitStr[i] as string).charCodeAt(l) - 48);
      }
      const m = parent.length;
      const np = ctrl.length;
      if (s.length < 8 * np) s = new Uint32Array(8 * np);
      if (t.length < 2 * np) t = new Uint8Array(2 * np);
      this.extendMany(h, l, seeds, np, s, t);
      const c = 4 * l;
      const cw0 = publicShare.ctrl[2 * l] as number;
      const cw1 = publicShare.ctrl[2 * l + 1] as number;
      const chosen = new Uint32Array(4 * m);
      const nextCtrl = new Uint8Array(m);
      for (let j = 0; j < m; j++) {
        const pi = parent[j] as number;
        const bit = bits[j] as number;
        const pc = ctrl[pi] as number;
        const mask = -pc >>> 0;
        const off = 8 * pi + 4 * bit;
        for (let k = 0; k < 4; k++) {
          chosen[4 * j + k] = ((s[off + k] as number) ^ ((cwAll[c + k] as number) & mask)) >>> 0;
        }
        nextCtrl[j] = (t[2 * pi + bit] as number) ^ (pc & (bit === 0 ? cw0 : cw1));
      }
      const y = l === level ? lf.zeros(m * vl) : null;
      this.convertMany(h, l, chosen, m, chosen, y);
      if (y) {
        const w =
          l < this.BITS - 1 ? lf.view(publicShare.wInner, l * vl, (l + 1) * vl) : publicShare.wLeaf;
        for (let j = 0; j < m; j++) {
          if (nextCtrl[j]) for (let i = 0; i < vl; i++) lf.add(y, j * vl + i, y, j * vl + i, w, i);
        }
        values = y;
      }
      seeds = chosen;
      ctrl = nextCtrl;
      nodeOf = next;
    }
    if (cache) {
      const index = new Map<bigint, number>();
      for (let i = 0; i < n; i++) index.set(prefixes[i] as bigint, nodeOf[i] as number);
      cache.level = level;
      cache.index = index;
      cache.seeds = seeds;
      cache.ctrl = ctrl;
      cache.key = copyBytes(key);
    }

    // Gather each prefix's value, negated for Aggregator 1.
    const out = f.zeros(n * vl);
    const zero = f.zeros(1);
    for (let i = 0; i < n; i++) {
      const j = nodeOf[i] as number;
      for (let k = 0; k < vl; k++) {
        if (aggId === 1) f.sub(out, i * vl + k, zero, 0, values, j * vl + k);
        else f.copy(out, i * vl + k, values, j * vl + k);
      }
    }
    return out;
  }

  /** The public share's seed correction words as 4 words per level (cached per object). */
  private correctionWords(ps: IdpfPublicShare): Uint32Array {
    let w = cwWords.get(ps);
    if (!w) {
      w = words(ps.seeds);
      cwWords.set(ps, w);
    }
    return w;
  }

  private checkPublicShare(ps: IdpfPublicShare): void {
    if (
      ps.seeds.length !== this.BITS * KEY_SIZE ||
      ps.ctrl.length !== 2 * this.BITS ||
      this.fieldInner.len(ps.wInner) !== (this.BITS - 1) * this.VALUE_LEN ||
      this.fieldLeaf.len(ps.wLeaf) !== this.VALUE_LEN
    ) {
      throw new VdafArgumentError('public share has the wrong shape');
    }
  }

  /** A fresh, empty evaluation cache for one report and Aggregator. */
  static newCache(): IdpfEvalCache {
    return {
      level: -1,
      index: new Map(),
      seeds: new Uint32Array(0),
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
  decodePublicShare(input: Uint8Array): IdpfPublicShare {
    const encoded = plainBytes(input);
    const { BITS, VALUE_LEN: vl } = this;
    if (encoded.length !== this.PUBLIC_SHARE_SIZE) {
      throw new VdafDecodeError(
        'decode_length',
        `public share: expected ${this.PUBLIC_SHARE_SIZE} bytes, got ${encoded.length}`,
      );
    }
    const ctrlBytes = Math.ceil((2 * BITS) / 8);
    const used = 2 * BITS - 8 * (ctrlBytes - 1);
    if ((encoded[ctrlBytes - 1] as number) >> used !== 0) {
      throw new VdafDecodeError('decode_trailing_bits', 'public share: trailing control bits');
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
