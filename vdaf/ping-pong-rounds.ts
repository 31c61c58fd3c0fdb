// draft-irtf-cfrg-vdaf-20 §5.7: the ping-pong topology for VDAFs of any number of rounds, as pure
// functions over encoded messages: the one implementation (Poplar1 has two rounds; Prio3's one
// round goes through the adapters of ping-pong.ts).
import { VdafError, VdafPingPongError } from './errors.js';
import {
  decodePingPongMessage,
  encodePingPongMessage,
  type PingPongState,
} from './ping-pong-messages.js';

/** What verify_next returns: the next round's state and verifier share, or the output share. */
export type VerifyTransition<S, VS, O> =
  | { readonly kind: 'continue'; readonly state: S; readonly verifierShare: VS }
  | { readonly kind: 'finish'; readonly outShare: O };

/** What multi-round ping-pong needs of a VDAF (Poplar1 implements it). */
export interface MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O> {
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

type Continued<S> = Extract<PingPongState<S, unknown>, { kind: 'continued' }>;

/** The draft turns every failure into Rejected; the cause is kept for the caller's error code. */
function rejected(e: unknown): { kind: 'rejected'; error: VdafError } {
  if (e instanceof VdafError) return { kind: 'rejected', error: e };
  return {
    kind: 'rejected',
    error: new VdafPingPongError(e instanceof Error ? e.message : 'failed'),
  };
}

/**
 * ping_pong_transition: combine this round's verifier shares into the message, then either finish
 * (sending the message in a finish) or continue with the next round's share.
 */
function transition<AP, PS, IS, S, VS, VM, O>(
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
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
      kind: 'finished-with-outbound',
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

export function multiRoundLeaderInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  verifyKey: Uint8Array,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  nonce: Uint8Array,
  publicShare: Uint8Array,
  inputShare: Uint8Array,
): PingPongState<S, O> {
  try {
    const [verifyState, share] = vdaf.verifyInit(
      verifyKey,
      ctx,
      0,
      vdaf.decodeAggParam(aggParam),
      nonce,
      vdaf.decodePublicShare(publicShare),
      vdaf.decodeInputShare(0, inputShare),
    );
    const outbound = encodePingPongMessage({
      type: 'initialize',
      verifierShare: vdaf.encodeVerifierShare(share),
    });
    return { kind: 'continued', verifyState, verifyRound: 0, outbound };
  } catch (e) {
    return rejected(e);
  }
}

export function multiRoundHelperInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  verifyKey: Uint8Array,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  nonce: Uint8Array,
  publicShare: Uint8Array,
  inputShare: Uint8Array,
  inbound: Uint8Array,
): PingPongState<S, O> {
  try {
    const ap = vdaf.decodeAggParam(aggParam);
    const [verifyState, share] = vdaf.verifyInit(
      verifyKey,
      ctx,
      1,
      ap,
      nonce,
      vdaf.decodePublicShare(publicShare),
      vdaf.decodeInputShare(1, inputShare),
    );
    const msg = decodePingPongMessage(inbound);
    if (msg.type !== 'initialize') {
      throw new VdafPingPongError('helper expected an initialize message');
    }
    const shares = [vdaf.decodeVerifierShare(verifyState, msg.verifierShare), share];
    return transition(vdaf, ctx, ap, shares, verifyState, 0);
  } catch (e) {
    return rejected(e);
  }
}

function continued<AP, PS, IS, S, VS, VM, O>(
  isLeader: boolean,
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
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

export function multiRoundLeaderContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return continued(true, vdaf, ctx, aggParam, state, inbound);
}

export function multiRoundHelperContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return continued(false, vdaf, ctx, aggParam, state, inbound);
}
