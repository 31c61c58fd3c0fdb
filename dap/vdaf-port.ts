// VDAF-20 §5.7 ping-pong topology as DAP-18 §4.5 drives it: what dap/ needs from a VDAF instance,
// and the ping-pong steps every binding takes from vdaf/'s one implementation.
import {
  pingPongHelperContinued,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type Continued,
  type PingPongState as VdafPingPongState,
  type PingPongVdaf,
} from '../vdaf/index.js';

/** Opaque VDAF values (verification state, output share, aggregate share) never leave the binding. */
export type Opaque = unknown;

/** A report's ping-pong state (VDAF-20 §5.7.1: continued, finished, finishedWithOutbound, rejected). */
export type PingPongState = VdafPingPongState<Opaque, Opaque>;

/**
 * A VDAF whose aggregation parameter arrives with each collection (Poplar1, VDAF-20 §8): reports
 * wait for it, a batch is aggregated once per parameter, and parameters follow `isValid`.
 */
export interface AggParamRule {
  /** is_valid(agg_param, previous_agg_params) of the VDAF, over encoded parameters. */
  isValid(aggParam: Uint8Array, previous: readonly Uint8Array[]): boolean;
}

export interface DapVdaf {
  readonly verifyKeySize: number;
  /** Set for VDAFs aggregated at collection time; unset for Prio3 (empty parameter). */
  readonly aggParamAtCollection?: AggParamRule;
  readonly randSize: number;
  /** Checks and converts a measurement given as JSON; throws a DapError with a clear message. */
  parseMeasurement(json: unknown): unknown;
  shard(
    ctx: Uint8Array,
    measurement: unknown,
    nonce: Uint8Array,
    rand: Uint8Array,
  ): { publicShare: Uint8Array; inputShares: [Uint8Array, Uint8Array] };
  isValidAggParam(aggParam: Uint8Array): boolean;
  leaderInit(
    verifyKey: Uint8Array,
    ctx: Uint8Array,
    aggParam: Uint8Array,
    nonce: Uint8Array,
    publicShare: Uint8Array,
    inputShare: Uint8Array,
  ): PingPongState;
  helperInit(
    verifyKey: Uint8Array,
    ctx: Uint8Array,
    aggParam: Uint8Array,
    nonce: Uint8Array,
    publicShare: Uint8Array,
    inputShare: Uint8Array,
    inbound: Uint8Array,
  ): PingPongState;
  leaderContinued(
    ctx: Uint8Array,
    aggParam: Uint8Array,
    state: Continued<Opaque>,
    inbound: Uint8Array,
  ): PingPongState;
  helperContinued(
    ctx: Uint8Array,
    aggParam: Uint8Array,
    state: Continued<Opaque>,
    inbound: Uint8Array,
  ): PingPongState;
  aggInit(aggParam: Uint8Array): Opaque;
  aggUpdate(aggParam: Uint8Array, aggShare: Opaque, outShare: Opaque): Opaque;
  merge(aggParam: Uint8Array, aggShares: Opaque[]): Opaque;
  encodeAggShare(aggShare: Opaque): Uint8Array;
  decodeAggShare(aggParam: Uint8Array, bytes: Uint8Array): Opaque;
  /** The aggregate result as JSON (a number or an array of numbers). */
  unshard(aggParam: Uint8Array, aggShares: Uint8Array[], numMeasurements: number): unknown;
}

type Steps = Pick<
  DapVdaf,
  'isValidAggParam' | 'leaderInit' | 'helperInit' | 'leaderContinued' | 'helperContinued'
>;

/**
 * The ping-pong steps of a DapVdaf over a VDAF instance (VDAF-20 §5.7), and its parameter check
 * (§5.3 is_valid with no earlier parameter; an undecodable parameter is invalid).
 *
 * @example const steps = pingPongSteps(asPingPongVdaf(prio3), prio3);
 */
export function pingPongSteps<AP, PS, IS, S, VS, VM, O>(
  v: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  rule: { isValid(aggParam: AP, previous: readonly AP[]): boolean },
): Steps {
  // The state came out of this VDAF's own steps: its verify state is this VDAF's S.
  const own = (st: Continued<Opaque>) => st as Continued<S>;
  return {
    isValidAggParam(aggParam) {
      try {
        return rule.isValid(v.decodeAggParam(aggParam), []);
      } catch {
        return false;
      }
    },
    leaderInit: (verifyKey, ctx, aggParam, nonce, publicShare, inputShare) =>
      pingPongLeaderInit(v, { verifyKey, ctx, aggParam, nonce, publicShare, inputShare }),
    helperInit: (verifyKey, ctx, aggParam, nonce, publicShare, inputShare, inbound) =>
      pingPongHelperInit(v, { verifyKey, ctx, aggParam, nonce, publicShare, inputShare }, inbound),
    leaderContinued: (ctx, ap, st, inbound) =>
      pingPongLeaderContinued(v, ctx, ap, own(st), inbound),
    helperContinued: (ctx, ap, st, inbound) =>
      pingPongHelperContinued(v, ctx, ap, own(st), inbound),
  };
}
