// VDAF-20 §5.7 ping-pong topology as DAP-18 §4.5 drives it: what dap/ needs from a VDAF instance,
// and the ping-pong steps every binding takes from vdaf/'s one implementation.
import {
  multiRoundHelperContinued,
  multiRoundHelperInit,
  multiRoundLeaderContinued,
  multiRoundLeaderInit,
  type MultiRoundPingPongVdaf,
  type PingPongState as VdafPingPongState,
} from '../vdaf/index.js';

/** Opaque VDAF values (verification state, output share, aggregate share) never leave the binding. */
export type Opaque = unknown;

export type PingPongState =
  | { kind: 'continued'; state: Opaque; outbound: Uint8Array }
  | { kind: 'finishedWithOutbound'; outShare: Opaque; outbound: Uint8Array }
  | { kind: 'finished'; outShare: Opaque }
  | { kind: 'rejected' };

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
    state: Opaque,
    inbound: Uint8Array,
  ): PingPongState;
  helperContinued(
    ctx: Uint8Array,
    aggParam: Uint8Array,
    state: Opaque,
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

const REJECTED: PingPongState = { kind: 'rejected' };

/** vdaf/ names the states in kebab case; the port uses the draft's camel-case names. */
function port<S, O>(st: VdafPingPongState<S, O>): PingPongState {
  switch (st.kind) {
    case 'continued':
      return { kind: 'continued', state: st, outbound: st.outbound };
    case 'finished':
      return { kind: 'finished', outShare: st.outShare };
    case 'finished-with-outbound':
      return { kind: 'finishedWithOutbound', outShare: st.outShare, outbound: st.outbound };
    case 'rejected':
      return REJECTED;
  }
}

/**
 * The ping-pong steps of a DapVdaf over a VDAF instance (VDAF-20 §5.7), and its parameter check
 * (§5.3 is_valid with no earlier parameter; an undecodable parameter is invalid).
 *
 * @example const steps = pingPongSteps(asMultiRound(prio3), prio3);
 */
export function pingPongSteps<AP, PS, IS, S, VS, VM, O>(
  v: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  rule: { isValid(aggParam: AP, previous: readonly AP[]): boolean },
): Steps {
  type Continued = Extract<VdafPingPongState<S, O>, { kind: 'continued' }>;
  return {
    isValidAggParam(aggParam) {
      try {
        return rule.isValid(v.decodeAggParam(aggParam), []);
      } catch {
        return false;
      }
    },
    leaderInit: (key, ctx, ap, nonce, ps, is) =>
      port(multiRoundLeaderInit(v, key, ctx, ap, nonce, ps, is)),
    helperInit: (key, ctx, ap, nonce, ps, is, inbound) =>
      port(multiRoundHelperInit(v, key, ctx, ap, nonce, ps, is, inbound)),
    leaderContinued: (ctx, ap, st, inbound) =>
      port(multiRoundLeaderContinued(v, ctx, ap, st as Continued, inbound)),
    helperContinued: (ctx, ap, st, inbound) =>
      port(multiRoundHelperContinued(v, ctx, ap, st as Continued, inbound)),
  };
}
