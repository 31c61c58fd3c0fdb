// draft-irtf-cfrg-vdaf-20 §5.7: the ping-pong topology for VDAFs of any number of rounds, as pure
// functions over encoded messages. The one implementation: Poplar1 has two rounds; every Prio3
// instance has one and comes here through the adapter of ping-pong-one-round.ts.
import { VdafError, VdafPingPongError } from './errors.js';
import {
  decodePingPongMessage,
  encodePingPongMessage,
  type Continued,
  type PingPongState,
  type Rejected,
} from './ping-pong-messages.js';

/** What verify_next returns: the next round's state and verifier share, or the output share. */
export type VerifyTransition<S, VS, O> =
  | { readonly kind: 'continue'; readonly state: S; readonly verifierShare: VS }
  | { readonly kind: 'finish'; readonly outShare: O };

/** What ping-pong needs of a VDAF (§5.7): its verification methods and codecs. */
export interface PingPongVdaf<AP, PS, IS, S, VS, VM, O> {
  readonly ROUNDS: number;
  decodeAggParam(encoded: Uint8Array): AP;
  decodePublicShare(encoded: Uint8Array): PS;
  decodeInputShare(aggId: number, encoded: Uint8Array): IS;
  verifyInit(
    verifyKey: Uint8Array,
    ctx: Uint8Array,
    aggId: number,
    aggParam: AP,
    nonce: Uint8Array,
    publicShare: PS,
    inputShare: IS,
  ): [S, VS];
  encodeVerifierShare(share: VS): Uint8Array;
  decodeVerifierShare(state: S, encoded: Uint8Array): VS;
  verifierSharesToMessage(ctx: Uint8Array, aggParam: AP, shares: readonly VS[]): VM;
  encodeVerifierMessage(message: VM): Uint8Array;
  decodeVerifierMessage(state: S, encoded: Uint8Array): VM;
  verifyNext(ctx: Uint8Array, state: S, message: VM): VerifyTransition<S, VS, O>;
}

/** The report as both Aggregators hold it at the start: what verify_init reads. */
export interface PingPongReport {
  readonly verifyKey: Uint8Array;
  readonly ctx: Uint8Array;
  readonly aggParam: Uint8Array;
  readonly nonce: Uint8Array;
  readonly publicShare: Uint8Array;
  readonly inputShare: Uint8Array;
}

/** The draft turns every failure into Rejected; the cause is kept for the caller's error code. */
function rejected(e: unknown): Rejected {
  if (e instanceof VdafError) return { kind: 'rejected', error: e };
  return {
    kind: 'rejected',
    error: new VdafPingPongError(e instanceof Error ? e.message : 'failed', { cause: e }),
  };
}

/** verify_init of Aggregator `aggId` over the encoded report. */
function init<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  aggId: 0 | 1,
  r: PingPongReport,
): { aggParam: AP; state: S; share: VS } {
  const aggParam = vdaf.decodeAggParam(r.aggParam);
  const [state, share] = vdaf.verifyInit(
    r.verifyKey,
    r.ctx,
    aggId,
    aggParam,
    r.nonce,
    vdaf.decodePublicShare(r.publicShare),
    vdaf.decodeInputShare(aggId, r.inputShare),
  );
  return { aggParam, state, share };
}

/**
 * ping_pong_transition: combine this round's verifier shares into the message, then either finish
 * (sending the message in a finish) or continue with the next round's share.
 */
function transition<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: AP,
  shares: readonly VS[],
  state: S,
  round: number,
): PingPongState<S, O> {
  const message = vdaf.verifierSharesToMessage(ctx, aggParam, shares);
  const encodedMessage = vdaf.encodeVerifierMessage(message);
  const out = vdaf.verifyNext(ctx, state, message);
  if (round + 1 === vdaf.ROUNDS) {
    if (out.kind !== 'finish') throw new VdafPingPongError('the last round must finish');
    return {
      kind: 'finishedWithOutbound',
      outShare: out.outShare,
      outbound: encodePingPongMessage({ type: 'finish', verifierMessage: encodedMessage }),
    };
  }
  if (out.kind !== 'continue') throw new VdafPingPongError('finished before the last round');
  return {
    kind: 'continued',
    verifyState: out.state,
    verifyRound: round + 1,
    outbound: encodePingPongMessage({
      type: 'continue',
      verifierMessage: encodedMessage,
      verifierShare: vdaf.encodeVerifierShare(out.verifierShare),
    }),
  };
}

/**
 * The Leader's first step: verify_init, then an initialize message carrying its verifier share.
 * Never throws: a failure is the Rejected state, its `error` the coded cause.
 *
 * @example const st = pingPongLeaderInit(asPingPongVdaf(prio3), report); // st.outbound to the Helper
 */
export function pingPongLeaderInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  report: PingPongReport,
): PingPongState<S, O> {
  try {
    const { state, share } = init(vdaf, 0, report);
    const outbound = encodePingPongMessage({
      type: 'initialize',
      verifierShare: vdaf.encodeVerifierShare(share),
    });
    return { kind: 'continued', verifyState: state, verifyRound: 0, outbound };
  } catch (e) {
    return rejected(e);
  }
}

/**
 * The Helper's first step: verify_init, then the transition over the Leader's initialize message
 * (a one-round VDAF finishes here, its message sent back in a finish). Never throws.
 *
 * @example const st = pingPongHelperInit(vdaf, report, leaderOutbound);
 */
export function pingPongHelperInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  report: PingPongReport,
  inbound: Uint8Array,
): PingPongState<S, O> {
  try {
    const { aggParam, state, share } = init(vdaf, 1, report);
    const msg = decodePingPongMessage(inbound);
    if (msg.type !== 'initialize') {
      throw new VdafPingPongError('helper expected an initialize message');
    }
    const shares = [vdaf.decodeVerifierShare(state, msg.verifierShare), share];
    return transition(vdaf, report.ctx, aggParam, shares, state, 0);
  } catch (e) {
    return rejected(e);
  }
}

function continued<AP, PS, IS, S, VS, VM, O>(
  isLeader: boolean,
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  try {
    const round = state.verifyRound;
    const msg = decodePingPongMessage(inbound);
    if (msg.type === 'initialize') throw new VdafPingPongError('unexpected initialize message');
    const message = vdaf.decodeVerifierMessage(state.verifyState, msg.verifierMessage);
    const out = vdaf.verifyNext(ctx, state.verifyState, message);
    if (round + 1 < vdaf.ROUNDS && msg.type === 'continue') {
      if (out.kind !== 'continue') throw new VdafPingPongError('finished before the last round');
      const peer = vdaf.decodeVerifierShare(out.state, msg.verifierShare);
      const shares = isLeader ? [out.verifierShare, peer] : [peer, out.verifierShare];
      return transition(vdaf, ctx, vdaf.decodeAggParam(aggParam), shares, out.state, round + 1);
    }
    if (round + 1 === vdaf.ROUNDS && msg.type === 'finish') {
      if (out.kind !== 'finish') throw new VdafPingPongError('the last round must finish');
      return { kind: 'finished', outShare: out.outShare };
    }
    throw new VdafPingPongError('message type does not match the verification round');
  } catch (e) {
    return rejected(e);
  }
}

/**
 * The Leader's step on the Helper's answer from the Continued state. Never throws.
 *
 * @example const next = pingPongLeaderContinued(vdaf, ctx, aggParam, st, helperOutbound);
 */
export function pingPongLeaderContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return continued(true, vdaf, ctx, aggParam, state, inbound);
}

/**
 * The Helper's step on the Leader's message from the Continued state. Never throws.
 *
 * @example const next = pingPongHelperContinued(vdaf, ctx, aggParam, st, leaderOutbound);
 */
export function pingPongHelperContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return continued(false, vdaf, ctx, aggParam, state, inbound);
}
