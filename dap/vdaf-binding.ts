// DAP-18 Appendix B task VDAFs bound to vdaf/ Prio3 and its VDAF-20 §5.7 ping-pong topology.
import {
  asPingPongVdaf,
  type Prio3,
  Prio3Count,
  Prio3Histogram,
  Prio3MultihotCountVec,
  Prio3Sum,
  Prio3SumVec,
  type Prio3AggParam,
  type Prio3AggShare,
  type Prio3OutShare,
} from '../vdaf/index.js';
import { DapError } from './errors.js';
import type { VdafConfig } from './messages/index.js';
import { pingPongSteps, type DapVdaf } from './vdaf-port.js';
import { bindPoplar1 } from './aggregation-param/poplar1-binding.js';

/**
 * The DapVdaf of a task's VDAF configuration (two Aggregators).
 *
 * @example const vdaf = bindVdaf({ vdaf: 'Prio3Count' });
 */
export function bindVdaf(c: VdafConfig): DapVdaf {
  const shares = 2;
  switch (c.vdaf) {
    case 'Prio3Count':
      return bindPrio3(new Prio3Count({ shares }), c);
    case 'Prio3Sum':
      return bindPrio3(new Prio3Sum({ shares, maxMeasurement: c.maxMeasurement }), c);
    case 'Prio3SumVec':
      return bindPrio3(new Prio3SumVec({ shares, ...c }), c);
    case 'Prio3Histogram':
      return bindPrio3(new Prio3Histogram({ shares, ...c }), c);
    case 'Prio3MultihotCountVec':
      return bindPrio3(new Prio3MultihotCountVec({ shares, ...c }), c);
    case 'Poplar1':
      return bindPoplar1(c.bits);
  }
}

function measurementError(what: string): DapError {
  return new DapError('vdaf_failed', `measurement must be ${what}`);
}

function parseMeasurement(c: VdafConfig, v: unknown): unknown {
  const isInt = (x: unknown, max: number): x is number =>
    typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && x <= max;
  switch (c.vdaf) {
    case 'Prio3Count':
      if (v === true || v === false || v === 0 || v === 1) return v;
      throw measurementError('0, 1, true or false');
    case 'Prio3Sum':
      if (isInt(v, c.maxMeasurement)) return v;
      throw measurementError(`an integer in [0, ${c.maxMeasurement}]`);
    case 'Prio3SumVec':
      if (Array.isArray(v) && v.length === c.length && v.every((x) => isInt(x, c.maxMeasurement)))
        return v;
      throw measurementError(`${c.length} integers in [0, ${c.maxMeasurement}]`);
    case 'Prio3Histogram':
      if (isInt(v, c.length - 1)) return v;
      throw measurementError(`a bucket index in [0, ${c.length - 1}]`);
    case 'Prio3MultihotCountVec': {
      const ok =
        Array.isArray(v) &&
        v.length === c.length &&
        v.every((x) => x === 0 || x === 1 || x === true || x === false) &&
        v.filter((x) => x === 1 || x === true).length <= c.maxWeight;
      if (ok) return v;
      throw measurementError(`${c.length} booleans with at most ${c.maxWeight} set`);
    }
    case 'Poplar1':
      return v; // parsed by the Poplar1 binding
  }
}

const jsonSafe = (v: unknown): unknown => {
  if (typeof v === 'bigint') return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (Array.isArray(v)) return v.map(jsonSafe);
  return v;
};

function bindPrio3<M, R>(v: Prio3<M, R>, c: VdafConfig): DapVdaf {
  const decodeShares = (ap: Prio3AggParam, shares: Uint8Array[]) =>
    shares.map((s) => v.decodeAggShare(ap, s));
  return {
    verifyKeySize: v.VERIFY_KEY_SIZE,
    randSize: v.RAND_SIZE,
    parseMeasurement: (json) => parseMeasurement(c, json),
    shard(ctx, measurement, nonce, rand) {
      const [ps, is] = v.shard(ctx, measurement as M, nonce, rand);
      const [l, h] = is;
      if (!l || !h) throw new DapError('vdaf_failed', 'shard did not yield two input shares');
      return {
        publicShare: v.encodePublicShare(ps),
        inputShares: [v.encodeInputShare(l), v.encodeInputShare(h)],
      };
    },
    ...pingPongSteps(asPingPongVdaf(v), v),
    aggInit: (ap) => v.aggInit(v.decodeAggParam(ap)),
    aggUpdate: (ap, agg, out) =>
      v.aggUpdate(v.decodeAggParam(ap), agg as Prio3AggShare, out as Prio3OutShare),
    merge: (ap, list) => v.merge(v.decodeAggParam(ap), list as Prio3AggShare[]),
    encodeAggShare: (a) => v.encodeAggShare(a as Prio3AggShare),
    decodeAggShare: (ap, b) => v.decodeAggShare(v.decodeAggParam(ap), b),
    unshard: (ap, shares, n) => {
      const p = v.decodeAggParam(ap);
      return jsonSafe(v.unshard(p, decodeShares(p, shares), n));
    },
  };
}
