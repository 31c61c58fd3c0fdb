// DAP-18 Appendix B task VDAF Poplar1 (draft-irtf-cfrg-vdaf-20 §8) bound to the DAP port, its two
// verification rounds driven by the multi-round ping-pong of VDAF-20 §5.7.
import {
  Poplar1,
  type Poplar1AggParam,
  type Poplar1AggShare,
  type Poplar1OutShare,
} from '../../vdaf/index.js';
import { DapError } from '../errors.js';
import { pingPongSteps, type DapVdaf } from '../vdaf-port.js';

/**
 * A measurement as JSON: a string of `bits` characters 0 and 1 (first bit first), an array of
 * `bits` booleans or 0/1, or a non-negative integer below 2^bits.
 */
export function parsePoplar1Measurement(bits: number, v: unknown): boolean[] {
  const fail = () =>
    new DapError(
      'vdaf_failed',
      `measurement must be a string of ${bits} bits (0 and 1), ${bits} booleans, or an integer below 2^${bits}`,
    );
  if (typeof v === 'string') {
    if (v.length !== bits || !/^[01]*$/.test(v)) throw fail();
    return Array.from({ length: bits }, (_, i) => v.charCodeAt(i) === 0x31);
  }
  if (Array.isArray(v)) {
    if (v.length !== bits || !v.every((x) => x === 0 || x === 1 || x === true || x === false))
      throw fail();
    return v.map((x) => x === 1 || x === true);
  }
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) {
    const n = BigInt(v);
    if (bits < 53 && n >= 1n << BigInt(bits)) throw fail();
    return Array.from({ length: bits }, (_, i) => ((n >> BigInt(bits - 1 - i)) & 1n) === 1n);
  }
  throw fail();
}

/** Poplar1 over DAP: no output share exists before the collection names a level and prefixes. */
export function bindPoplar1(bits: number): DapVdaf {
  const v = new Poplar1({ bits });
  const ap = (b: Uint8Array): Poplar1AggParam => v.decodeAggParam(b);
  const decodeShares = (p: Poplar1AggParam, shares: Uint8Array[]) =>
    shares.map((s) => v.decodeAggShare(p, s));
  return {
    verifyKeySize: v.VERIFY_KEY_SIZE,
    randSize: v.RAND_SIZE,
    aggParamAtCollection: {
      isValid(aggParam, previous) {
        try {
          return v.isValid(ap(aggParam), previous.map(ap));
        } catch {
          return false;
        }
      },
    },
    parseMeasurement: (json) => parsePoplar1Measurement(bits, json),
    shard(ctx, measurement, nonce, rand) {
      const [ps, [l, h]] = v.shard(ctx, measurement as boolean[], nonce, rand);
      return {
        publicShare: v.encodePublicShare(ps),
        inputShares: [v.encodeInputShare(l), v.encodeInputShare(h)],
      };
    },
    ...pingPongSteps(v, v),
    aggInit: (p) => v.aggInit(ap(p)),
    aggUpdate: (p, agg, out) => v.aggUpdate(ap(p), agg as Poplar1AggShare, out as Poplar1OutShare),
    merge: (p, list) => v.merge(ap(p), list as Poplar1AggShare[]),
    encodeAggShare: (a) => v.encodeAggShare(a as Poplar1AggShare),
    decodeAggShare: (p, b) => v.decodeAggShare(ap(p), b),
    unshard: (p, shares, n) => {
      const param = ap(p);
      return v.unshard(param, decodeShares(param, shares), n);
    },
  };
}
