// draft-irtf-cfrg-vdaf-20 §8.2: Poplar1, heavy hitters from the IDPF of §8.3 with the sketch of
// [BBCGGI21] Appendix C.4 verified over Field64 (inner levels) and Field255 (the leaf).
import {
  VdafAggParamError,
  VdafArgumentError,
  VdafDecodeError,
  VdafMeasurementError,
  VdafParamError,
  VdafVerifyError,
} from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { Field255 } from '../field/field255.js';
import { Field64 } from '../field/field64.js';
import { copyBytes, plainBytes } from '../bytes.js';
import { IdpfBBCGGI21, IdpfHashers } from '../idpf/idpf-bbcggi21.js';
import { concatBytes } from '../../common/index.js';
import { formatDst } from '../xof/dst.js';
import { XofTurboShake128Seeded } from '../xof/turboshake-seeded.js';
import type {
  Poplar1AggParam,
  Poplar1AggResult,
  Poplar1AggShare,
  Poplar1InputShare,
  Poplar1Measurement,
  Poplar1OutShare,
  Poplar1PublicShare,
  Poplar1ReportCache,
  Poplar1Transition,
  Poplar1VerifierMessage,
  Poplar1VerifierShare,
  Poplar1VerifyState,
} from './types.js';

const USAGE_SHARD_RAND = 1;
const USAGE_CORR_INNER = 2;
const USAGE_CORR_LEAF = 3;
const USAGE_VERIFY_RAND = 4;

/** XofTurboShake128's seed size: the verify key and Poplar1's own seeds. */
const SEED_SIZE = 32;
const KEY_SIZE = IdpfBBCGGI21.KEY_SIZE;

export type Poplar1Options = {
  /** Length of the Client's strings in bits, 1 to 65535 (the level is encoded in 2 bytes). */
  readonly bits: number;
};

function checkLength(what: string, got: Uint8Array, want: number): void {
  if (got.length !== want) throw new VdafArgumentError(`${what} must be ${want} bytes`);
}

function lengthError(what: string, want: number, got: number): VdafDecodeError {
  return new VdafDecodeError('decode_length', `${what}: expected ${want} bytes, got ${got}`);
}

/**
 * Poplar1 (§8): heavy hitters over `bits`-bit strings. Two Aggregators walk the IDPF tree one
 * level at a time, each aggregation parameter naming a level and its candidate prefixes; two
 * verification rounds per report (pingPongLeaderInit and friends drive them).
 *
 * @throws {VdafParamError} param_invalid (bits outside [1, 65536))
 * @throws {VdafMeasurementError} measurement_invalid (from shard: not a `bits`-bit string)
 * @throws {VdafAggParamError} agg_param_invalid (a level or prefix out of range, prefixes not
 * sorted and unique, or a parameter that does not follow the report's previous ones)
 * @throws {VdafVerifyError} verify_failed (the sketch did not verify)
 * @example
 * const vdaf = new Poplar1({ bits: 8 });
 * const nonce = randomBytes(vdaf.NONCE_SIZE);
 * const rand = randomBytes(vdaf.RAND_SIZE);
 * const [pub, [leader]] = vdaf.shard(ctx, 0b1010_0001n, nonce, rand);
 * const aggParam = { level: 3, prefixes: [0b1010n] }; // count the reports starting 1010
 * vdaf.verifyInit(verifyKey, ctx, 0, aggParam, nonce, pub, leader);
 */
export class Poplar1 {
  readonly ID = 0x00000006;
  readonly NONCE_SIZE = 16;
  readonly SHARES = 2;
  readonly ROUNDS = 2;
  readonly VERIFY_KEY_SIZE = SEED_SIZE;
  readonly RAND_SIZE = 3 * SEED_SIZE + IdpfBBCGGI21.RAND_SIZE;
  readonly BITS: number;
  readonly idpf: IdpfBBCGGI21;
  private readonly dsts = new Map<string, Uint8Array>();
  /** Frozen aggregation parameters already checked against this instance. */
  private readonly checked = new WeakSet<Poplar1AggParam>();
  private readonly encodedParams = new WeakMap<Poplar1AggParam, Uint8Array>();
  private lastAggParam: { encoded: Uint8Array; aggParam: Poplar1AggParam } | undefined;

  constructor(options: Poplar1Options) {
    const bits = options.bits;
    if (!Number.isInteger(bits) || bits < 1 || bits > 0xffff) {
      throw new VdafParamError('bits must be in [1, 65536)');
    }
    this.BITS = bits;
    this.idpf = new IdpfBBCGGI21(2, bits);
  }

  /** The field of a level: Field64 below the leaf, Field255 at it. */
  currentField(level: number): Field {
    return this.idpf.currentField(level);
  }

  /** domain_separation_tag(usage, ctx) = format_dst(0, ID, usage) || ctx. */
  private dst(usage: number, ctx: Uint8Array): Uint8Array {
    // Cached per context: the Aggregators verify many reports under one task's ctx.
    const k = `${usage}:${Buffer.from(ctx.buffer, ctx.byteOffset, ctx.length).toString('hex')}`;
    let d = this.dsts.get(k);
    if (!d) {
      if (this.dsts.size > 64) this.dsts.clear();
      d = concatBytes(formatDst(0, this.ID, usage), ctx);
      this.dsts.set(k, d);
    }
    return d;
  }

  /** The measurement as BITS bits (0 or 1), first bit first. */
  private measurementBits(measurement: Poplar1Measurement): Uint8Array {
    const bits = new Uint8Array(this.BITS);
    if (typeof measurement === 'bigint') {
      if (measurement < 0n || measurement >= 1n << BigInt(this.BITS)) {
        throw new VdafMeasurementError(`measurement must be below 2^${this.BITS}`);
      }
      let m = measurement;
      for (let i = this.BITS - 1; i >= 0; i--) {
        bits[i] = Number(m & 1n);
        m >>= 1n;
      }
      return bits;
    }
    if (!Array.isArray(measurement) || measurement.length !== this.BITS) {
      throw new VdafMeasurementError(`measurement must have ${this.BITS} bits`);
    }
    measurement.forEach((b: unknown, i) => {
      if (typeof b !== 'boolean')
        throw new VdafMeasurementError('measurement bits must be booleans');
      bits[i] = b ? 1 : 0;
    });
    return bits;
  }

  shard(
    ctx: Uint8Array,
    measurement: Poplar1Measurement,
    nonce: Uint8Array,
    rand: Uint8Array,
  ): [Poplar1PublicShare, [Poplar1InputShare, Poplar1InputShare]] {
    checkLength('nonce', nonce, this.NONCE_SIZE);
    checkLength('rand', rand, this.RAND_SIZE);
    const alpha = this.measurementBits(measurement);
    const { BITS } = this;
    const fi = Field64;
    const fl = Field255;
    const idpfRand = rand.subarray(0, IdpfBBCGGI21.RAND_SIZE);
    const off = IdpfBBCGGI21.RAND_SIZE;
    const corrSeeds = [
      copyBytes(rand.subarray(off, off + SEED_SIZE)),
      copyBytes(rand.subarray(off + SEED_SIZE, off + 2 * SEED_SIZE)),
    ] as const;
    const shardSeed = rand.subarray(off + 2 * SEED_SIZE, off + 3 * SEED_SIZE);
    const xof = new XofTurboShake128Seeded(shardSeed, this.dst(USAGE_SHARD_RAND, ctx), nonce);

    // Each level's value is (1, k) with a random authenticator k.
    const kInner = xof.nextVec(fi, BITS - 1);
    const betaInner = fi.zeros(2 * (BITS - 1));
    for (let l = 0; l < BITS - 1; l++) {
      fi.setSmall(betaInner, 2 * l, 1);
      fi.copy(betaInner, 2 * l + 1, kInner, l);
    }
    const betaLeaf = fl.zeros(2);
    fl.setSmall(betaLeaf, 0, 1);
    fl.copy(betaLeaf, 1, xof.nextVec(fl, 1), 0);

    const [publicShare, keys] = this.idpf.gen(alpha, betaInner, betaLeaf, ctx, nonce, idpfRand);

    // The (a, b, c) triples, shared by the two correlation seeds.
    const offInner = this.corrXof(corrSeeds[0], ctx, 0, nonce, false).nextVec(fi, 3 * (BITS - 1));
    fi.vecAdd(
      offInner,
      offInner,
      this.corrXof(corrSeeds[1], ctx, 1, nonce, false).nextVec(fi, 3 * (BITS - 1)),
    );
    const offLeaf = this.corrXof(corrSeeds[0], ctx, 0, nonce, true).nextVec(fl, 3);
    fl.vecAdd(offLeaf, offLeaf, this.corrXof(corrSeeds[1], ctx, 1, nonce, true).nextVec(fl, 3));

    // A = -2a + k and B = a^2 + b - a*k + c, split into two shares.
    const corrInner0 = fi.zeros(2 * (BITS - 1));
    const corrInner1 = fi.zeros(2 * (BITS - 1));
    const corrLeaf0 = fl.zeros(2);
    let corrLeaf1 = fl.zeros(2);
    const ab = fl.zeros(2);
    const t = fl.zeros(2);
    for (let level = 0; level < BITS; level++) {
      const leaf = level === BITS - 1;
      const f = leaf ? fl : fi;
      const offs = leaf ? offLeaf : fi.view(offInner, 3 * level, 3 * level + 3);
      const k = leaf ? fl.view(betaLeaf, 1, 2) : fi.view(kInner, level, level + 1);
      // t[0] = a * k; t[1] = a^2
      f.mul(t, 0, offs, 0, k, 0);
      f.mul(t, 1, offs, 0, offs, 0);
      // A = k - 2a
      f.sub(ab, 0, k, 0, offs, 0);
      f.sub(ab, 0, ab, 0, offs, 0);
      // B = a^2 + b - a*k + c
      f.add(ab, 1, t, 1, offs, 1);
      f.sub(ab, 1, ab, 1, t, 0);
      f.add(ab, 1, ab, 1, offs, 2);
      const corr1 = xof.nextVec(f, 2);
      if (leaf) {
        fl.sub(corrLeaf0, 0, ab, 0, corr1, 0);
        fl.sub(corrLeaf0, 1, ab, 1, corr1, 1);
        corrLeaf1 = corr1;
      } else {
        fi.sub(corrInner0, 2 * level, ab, 0, corr1, 0);
        fi.sub(corrInner0, 2 * level + 1, ab, 1, corr1, 1);
        fi.copy(corrInner1, 2 * level, corr1, 0);
        fi.copy(corrInner1, 2 * level + 1, corr1, 1);
      }
    }
    return [
      publicShare,
      [
        { key: keys[0], corrSeed: corrSeeds[0], corrInner: corrInner0, corrLeaf: corrLeaf0 },
        { key: keys[1], corrSeed: corrSeeds[1], corrInner: corrInner1, corrLeaf: corrLeaf1 },
      ],
    ];
  }

  private corrXof(
    seed: Uint8Array,
    ctx: Uint8Array,
    aggId: number,
    nonce: Uint8Array,
    leaf: boolean,
  ): XofTurboShake128Seeded {
    const dst = this.dst(leaf ? USAGE_CORR_LEAF : USAGE_CORR_INNER, ctx);
    return new XofTurboShake128Seeded(seed, dst, concatBytes(Uint8Array.of(aggId), nonce));
  }

  /**
   * Checks an aggregation parameter against the instance: the level in [0, BITS) and every prefix
   * a level + 1 bit string, all distinct. Throws VdafAggParamError.
   */
  checkAggParam(aggParam: Poplar1AggParam): void {
    if (this.checked.has(aggParam)) return;
    const { level, prefixes } = aggParam;
    if (!Number.isInteger(level) || level < 0 || level >= this.BITS) {
      throw new VdafAggParamError(`level must be in [0, ${this.BITS})`);
    }
    if (!Array.isArray(prefixes)) throw new VdafAggParamError('prefixes must be an array');
    if (prefixes.length > 0xffffffff) throw new VdafAggParamError('too many prefixes');
    const limit = 1n << BigInt(level + 1);
    for (const p of prefixes) {
      if (typeof p !== 'bigint' || p < 0n || p >= limit) {
        throw new VdafAggParamError(`each prefix must be a bigint below 2^${level + 1}`);
      }
    }
    if (!strictlyIncreasing(prefixes) && new Set(prefixes).size !== prefixes.length) {
      throw new VdafAggParamError('prefixes must be unique');
    }
    if (Object.isFrozen(aggParam) && Object.isFrozen(prefixes)) this.checked.add(aggParam);
  }

  /**
   * is_valid (§8.2): the prefixes are unique and sorted; after an earlier aggregation of the same
   * report, the level is strictly greater than the last one and every prefix extends one of the
   * last parameter's prefixes.
   */
  isValid(aggParam: Poplar1AggParam, previousAggParams: readonly Poplar1AggParam[]): boolean {
    const { level, prefixes } = aggParam;
    for (let i = 1; i < prefixes.length; i++) {
      if ((prefixes[i - 1] as bigint) >= (prefixes[i] as bigint)) return false;
    }
    const last = previousAggParams[previousAggParams.length - 1];
    if (!last) return true;
    if (level <= last.level) return false;
    const known = new Set(last.prefixes);
    const shift = BigInt(level - last.level);
    for (const p of prefixes) if (!known.has(p >> shift)) return false;
    return true;
  }

  /**
   * verify_init (§8.2): evaluates the IDPF at the candidate prefixes and the Aggregator's share of
   * the sketch. `cache` (optional, one per report and Aggregator) lets a walk over increasing
   * levels reuse the IDPF nodes of the previous level; results are the same without it.
   */
  verifyInit(
    verifyKey: Uint8Array,
    ctx: Uint8Array,
    aggId: number,
    aggParam: Poplar1AggParam,
    nonce: Uint8Array,
    publicShare: Poplar1PublicShare,
    inputShare: Poplar1InputShare,
    cache?: Poplar1ReportCache,
  ): [Poplar1VerifyState, Poplar1VerifierShare] {
    checkLength('verify key', verifyKey, this.VERIFY_KEY_SIZE);
    checkLength('nonce', nonce, this.NONCE_SIZE);
    if (aggId !== 0 && aggId !== 1) throw new VdafArgumentError('aggregator id out of range');
    this.checkAggParam(aggParam);
    this.checkInputShare(inputShare);
    const { level, prefixes } = aggParam;
    const leaf = level === this.BITS - 1;
    const f = this.currentField(level);
    const n = prefixes.length;

    let hashers = cache?.hashers;
    if (!hashers || !sameBytes(hashers.nonce, nonce) || !sameBytes(hashers.ctx, ctx)) {
      hashers = new IdpfHashers(ctx, nonce);
      if (cache) cache.hashers = hashers;
    }
    const value = this.idpf.eval(
      aggId,
      publicShare,
      inputShare.key,
      level,
      prefixes,
      ctx,
      nonce,
      cache?.idpf,
      hashers,
    );

    // This Aggregator's share of (a, b, c) for the level, and of (A, B). Inner levels read the
    // stream from 3 * level on; a cache keeps the stream where the last (lower) level left it.
    let sketch: FieldVec;
    if (leaf) {
      sketch = this.corrXof(inputShare.corrSeed, ctx, aggId, nonce, true).nextVec(f, 3);
    } else {
      const bound = concatBytes(Uint8Array.of(aggId), inputShare.corrSeed, nonce, ctx);
      let corr = cache?.corr;
      if (!corr || corr.consumed > 3 * level || !sameBytes(corr.bound, bound)) {
        corr = {
          xof: this.corrXof(inputShare.corrSeed, ctx, aggId, nonce, false),
          consumed: 0,
          bound,
        };
      }
      if (corr.consumed < 3 * level) corr.xof.nextVec(f, 3 * level - corr.consumed);
      sketch = corr.xof.nextVec(f, 3);
      corr.consumed = 3 * level + 3;
      if (cache) cache.corr = corr;
    }
    const a = leaf
      ? f.slice(inputShare.corrLeaf, 0, 1)
      : f.slice(inputShare.corrInner, 2 * level, 2 * level + 1);
    const b = leaf
      ? f.slice(inputShare.corrLeaf, 1, 2)
      : f.slice(inputShare.corrInner, 2 * level + 1, 2 * level + 2);

    // The masked inputs: sum r*data, sum r^2*data, sum r*auth over the prefixes.
    const binder = new Uint8Array(this.NONCE_SIZE + 2);
    binder.set(nonce);
    binder[this.NONCE_SIZE] = level >>> 8;
    binder[this.NONCE_SIZE + 1] = level & 0xff;
    const r = new XofTurboShake128Seeded(
      verifyKey,
      this.dst(USAGE_VERIFY_RAND, ctx),
      binder,
    ).nextVec(f, n);
    const outShare = f.zeros(n);
    const t = f.zeros(2);
    for (let i = 0; i < n; i++) {
      f.mul(t, 0, value, 2 * i, r, i);
      f.add(sketch, 0, sketch, 0, t, 0);
      f.mul(t, 0, t, 0, r, i);
      f.add(sketch, 1, sketch, 1, t, 0);
      f.mul(t, 1, value, 2 * i + 1, r, i);
      f.add(sketch, 2, sketch, 2, t, 1);
      f.copy(outShare, i, value, 2 * i);
    }
    return [{ step: 'evaluate', level, aggId, a, b, outShare }, sketch];
  }

  private checkInputShare(s: Poplar1InputShare): void {
    if (
      s.key.length !== KEY_SIZE ||
      s.corrSeed.length !== SEED_SIZE ||
      Field64.len(s.corrInner) !== 2 * (this.BITS - 1) ||
      Field255.len(s.corrLeaf) !== 2
    ) {
      throw new VdafArgumentError('input share has the wrong shape');
    }
  }

  /**
   * verifier_shares_to_message (§8.2): round 0 adds the sketch shares; round 1 checks that the
   * sketch is zero (the report's IDPF values are one-hot with a valid authenticator) and returns
   * null, or throws verify_failed.
   */
  verifierSharesToMessage(
    _ctx: Uint8Array,
    aggParam: Poplar1AggParam,
    verifierShares: readonly Poplar1VerifierShare[],
  ): Poplar1VerifierMessage {
    if (verifierShares.length !== 2) throw new VdafArgumentError('expected 2 verifier shares');
    const f = this.currentField(aggParam.level);
    const [s0, s1] = verifierShares as [FieldVec, FieldVec];
    const len = f.len(s0);
    if (f.len(s1) !== len || (len !== 3 && len !== 1) || s0.length !== len * f.WORDS) {
      throw new VdafArgumentError('incorrect sketch length');
    }
    const sketch = f.zeros(len);
    f.vecAdd(sketch, s0, s1);
    if (len === 3) return sketch;
    if (!f.isZero(sketch, 0)) {
      throw new VdafVerifyError('verify_failed', 'sketch verification failed');
    }
    return null;
  }

  /** verify_next (§8.2): round 1 computes the sketch's reveal share; round 2 yields the output. */
  verifyNext(
    _ctx: Uint8Array,
    state: Poplar1VerifyState,
    message: Poplar1VerifierMessage,
  ): Poplar1Transition {
    const f = this.currentField(state.level);
    if (state.step === 'evaluate') {
      if (message === null) throw new VdafVerifyError('verify_failed', 'expected a sketch');
      if (f.len(message) !== 3 || message.length !== 3 * f.WORDS) {
        throw new VdafArgumentError('incorrect sketch length');
      }
      // share = aggId * (m0^2 - m1 - m2) + A * m0 + B
      const out = f.zeros(1);
      const t = f.zeros(1);
      if (state.aggId === 1) {
        f.mul(out, 0, message, 0, message, 0);
        f.sub(out, 0, out, 0, message, 1);
        f.sub(out, 0, out, 0, message, 2);
      }
      f.mul(t, 0, state.a, 0, message, 0);
      f.add(out, 0, out, 0, t, 0);
      f.add(out, 0, out, 0, state.b, 0);
      return {
        kind: 'continue',
        state: { ...state, step: 'reveal' },
        verifierShare: out,
      };
    }
    if (message !== null) {
      throw new VdafVerifyError('verify_failed', 'unexpected verifier message');
    }
    return { kind: 'finish', outShare: state.outShare };
  }

  aggInit(aggParam: Poplar1AggParam): Poplar1AggShare {
    return this.currentField(aggParam.level).zeros(aggParam.prefixes.length);
  }

  /** Returns a new aggregate share; the arguments are not modified. */
  aggUpdate(
    aggParam: Poplar1AggParam,
    aggShare: Poplar1AggShare,
    outShare: Poplar1OutShare,
  ): Poplar1AggShare {
    this.checkShareLen(aggParam, aggShare);
    this.checkShareLen(aggParam, outShare);
    const f = this.currentField(aggParam.level);
    const out = f.zeros(aggParam.prefixes.length);
    f.vecAdd(out, aggShare, outShare);
    return out;
  }

  /** Adds outShare into aggShare in place (no allocation): for Aggregators folding many reports. */
  aggUpdateInPlace(
    aggParam: Poplar1AggParam,
    aggShare: Poplar1AggShare,
    outShare: Poplar1OutShare,
  ): void {
    this.checkShareLen(aggParam, aggShare);
    this.checkShareLen(aggParam, outShare);
    this.currentField(aggParam.level).vecAdd(aggShare, aggShare, outShare);
  }

  merge(aggParam: Poplar1AggParam, aggShares: readonly Poplar1AggShare[]): Poplar1AggShare {
    const f = this.currentField(aggParam.level);
    const agg = this.aggInit(aggParam);
    for (const a of aggShares) {
      this.checkShareLen(aggParam, a);
      f.vecAdd(agg, agg, a);
    }
    return agg;
  }

  unshard(
    aggParam: Poplar1AggParam,
    aggShares: readonly Poplar1AggShare[],
    _numMeasurements: number,
  ): Poplar1AggResult {
    const f = this.currentField(aggParam.level);
    return f.toBigInts(this.merge(aggParam, aggShares)).map(Number);
  }

  private checkShareLen(aggParam: Poplar1AggParam, v: FieldVec): void {
    const f = this.currentField(aggParam.level);
    if (v.length !== aggParam.prefixes.length * f.WORDS) {
      throw new VdafArgumentError('aggregate or output share has the wrong length');
    }
  }

  // ---- codecs (§8.2.6) ----

  /** Bytes per encoded prefix at `level`. */
  private prefixBytes(level: number): number {
    return Math.ceil((level + 1) / 8);
  }

  encodeAggParam(aggParam: Poplar1AggParam): Uint8Array {
    const cached = this.encodedParams.get(aggParam);
    if (cached) return cached.slice();
    this.checkAggParam(aggParam);
    const { level, prefixes } = aggParam;
    const nb = this.prefixBytes(level);
    const pad = BigInt(8 * nb - (level + 1));
    const out = new Uint8Array(6 + nb * prefixes.length);
    const view = new DataView(out.buffer);
    view.setUint16(0, level);
    view.setUint32(2, prefixes.length);
    prefixes.forEach((p, i) => {
      let x = p << pad;
      for (let k = nb - 1; k >= 0; k--) {
        out[6 + i * nb + k] = Number(x & 0xffn);
        x >>= 8n;
      }
    });
    if (this.checked.has(aggParam)) this.encodedParams.set(aggParam, out.slice());
    return out;
  }

  /**
   * Parses an aggregation parameter (this value is attacker-controlled): exact length, a level
   * below BITS, no bits set past each prefix, and distinct prefixes (agg_param_invalid
   * otherwise; their order is isValid's check). The result is frozen, and the last one is kept:
   * decoding the same bytes again (once per report) returns the same object.
   */
  decodeAggParam(input: Uint8Array): Poplar1AggParam {
    const encoded = plainBytes(input);
    // The Aggregators decode one parameter per report of a job: keep the last one (frozen).
    const last = this.lastAggParam;
    if (last && sameBytes(last.encoded, encoded)) return last.aggParam;
    const aggParam = this.decodeAggParamUncached(encoded);
    this.lastAggParam = { encoded: copyBytes(encoded), aggParam };
    return aggParam;
  }

  private decodeAggParamUncached(encoded: Uint8Array): Poplar1AggParam {
    if (encoded.length < 6) throw lengthError('aggregation parameter', 6, encoded.length);
    const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    const level = view.getUint16(0);
    const count = view.getUint32(2);
    if (level >= this.BITS) throw new VdafAggParamError(`level must be in [0, ${this.BITS})`);
    const nb = this.prefixBytes(level);
    // count * nb fits a double exactly (below 2^32 * 2^13).
    const want = 6 + count * nb;
    if (encoded.length !== want) throw lengthError('aggregation parameter', want, encoded.length);
    const pad = 8 * nb - (level + 1);
    const padMask = (1 << pad) - 1;
    const prefixes: bigint[] = new Array<bigint>(count);
    for (let i = 0; i < count; i++) {
      const o = 6 + i * nb;
      if (((encoded[o + nb - 1] as number) & padMask) !== 0) {
        throw new VdafDecodeError('decode_trailing_bits', 'trailing bits in prefix');
      }
      prefixes[i] = bigintOf(encoded, o, nb) >> BigInt(pad);
    }
    const aggParam: Poplar1AggParam = Object.freeze({ level, prefixes: Object.freeze(prefixes) });
    // A decoded parameter is frozen, so one check covers every report it is used for.
    this.checkAggParam(aggParam);
    return aggParam;
  }

  encodePublicShare(publicShare: Poplar1PublicShare): Uint8Array {
    return this.idpf.encodePublicShare(publicShare);
  }

  /** Parses the Client's public share (this value is attacker-controlled). */
  decodePublicShare(encoded: Uint8Array): Poplar1PublicShare {
    return this.idpf.decodePublicShare(encoded);
  }

  inputShareLength(_aggId: number): number {
    return (
      KEY_SIZE + SEED_SIZE + 2 * (this.BITS - 1) * Field64.ENCODED_SIZE + 2 * Field255.ENCODED_SIZE
    );
  }

  encodeInputShare(inputShare: Poplar1InputShare): Uint8Array {
    return concatBytes(
      inputShare.key,
      inputShare.corrSeed,
      Field64.bytesOf(inputShare.corrInner),
      Field255.bytesOf(inputShare.corrLeaf),
    );
  }

  /** Parses an HPKE-decrypted input share (this value is attacker-controlled). */
  decodeInputShare(aggId: number, input: Uint8Array): Poplar1InputShare {
    const encoded = plainBytes(input);
    const want = this.inputShareLength(aggId);
    if (encoded.length !== want) throw lengthError('input share', want, encoded.length);
    const innerBytes = 2 * (this.BITS - 1) * Field64.ENCODED_SIZE;
    const o = KEY_SIZE + SEED_SIZE;
    return {
      key: copyBytes(encoded.subarray(0, KEY_SIZE)),
      corrSeed: copyBytes(encoded.subarray(KEY_SIZE, o)),
      corrInner: Field64.decodeVec(
        encoded.subarray(o, o + innerBytes),
        2 * (this.BITS - 1),
        'input share inner correlation',
      ),
      corrLeaf: Field255.decodeVec(
        encoded.subarray(o + innerBytes),
        2,
        'input share leaf correlation',
      ),
    };
  }

  encodeVerifierShare(verifierShare: Poplar1VerifierShare): Uint8Array {
    return Field64.encodeVec(verifierShare);
  }

  /**
   * Parses the peer's verifier share (this value is attacker-controlled): 3 elements of the level's
   * field for the sketch (state step 'evaluate'), 1 for its reveal (step 'reveal').
   */
  decodeVerifierShare(state: Poplar1VerifyState, input: Uint8Array): Poplar1VerifierShare {
    const encoded = plainBytes(input);
    const f = this.currentField(state.level);
    return f.decodeVec(encoded, state.step === 'evaluate' ? 3 : 1, 'verifier share');
  }

  encodeVerifierMessage(message: Poplar1VerifierMessage): Uint8Array {
    return message === null ? new Uint8Array(0) : Field64.encodeVec(message);
  }

  /**
   * Parses the verifier message (this value is attacker-controlled): the 3-element sketch when the
   * state awaits it, and empty (null) after the reveal.
   */
  decodeVerifierMessage(state: Poplar1VerifyState, input: Uint8Array): Poplar1VerifierMessage {
    const encoded = plainBytes(input);
    if (state.step === 'reveal') {
      if (encoded.length !== 0) throw lengthError('verifier message', 0, encoded.length);
      return null;
    }
    const f = this.currentField(state.level);
    return f.decodeVec(encoded, 3, 'verifier message');
  }

  encodeAggShare(aggShare: Poplar1AggShare): Uint8Array {
    return Field64.encodeVec(aggShare);
  }

  /** Parses an aggregate share as the Collector receives it (this value is attacker-controlled). */
  decodeAggShare(aggParam: Poplar1AggParam, input: Uint8Array): Poplar1AggShare {
    const encoded = plainBytes(input);
    this.checkAggParam(aggParam);
    const f = this.currentField(aggParam.level);
    return f.decodeVec(encoded, aggParam.prefixes.length, 'aggregate share');
  }

  encodeOutShare(outShare: Poplar1OutShare): Uint8Array {
    return Field64.encodeVec(outShare);
  }

  decodeOutShare(aggParam: Poplar1AggParam, input: Uint8Array): Poplar1OutShare {
    const encoded = plainBytes(input);
    this.checkAggParam(aggParam);
    const f = this.currentField(aggParam.level);
    return f.decodeVec(encoded, aggParam.prefixes.length, 'output share');
  }

  /** A fresh cache for one report and one Aggregator (see verifyInit). */
  newReportCache(): Poplar1ReportCache {
    return { idpf: IdpfBBCGGI21.newCache(), hashers: undefined, corr: undefined };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function strictlyIncreasing(xs: readonly bigint[]): boolean {
  for (let i = 1; i < xs.length; i++) if ((xs[i - 1] as bigint) >= (xs[i] as bigint)) return false;
  return true;
}

/** The big-endian integer of bytes[o, o + n). */
function bigintOf(bytes: Uint8Array, o: number, n: number): bigint {
  let x = 0n;
  let k = 0;
  // Six bytes at a time stay exact in a double.
  for (; k + 6 <= n; k += 6) {
    let w = 0;
    for (let j = 0; j < 6; j++) w = w * 256 + (bytes[o + k + j] as number);
    x = (x << 48n) | BigInt(w);
  }
  if (k < n) {
    let w = 0;
    for (; k < n; k++) w = w * 256 + (bytes[o + k] as number);
    x = (x << BigInt(8 * (n - Math.floor(n / 6) * 6))) | BigInt(w);
  }
  return x;
}
