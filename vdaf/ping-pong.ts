// draft-irtf-cfrg-vdaf-20 §5.7: the ping-pong topology for a one-round VDAF (every Prio3 instance),
// as adapters onto the multi-round implementation of ping-pong-rounds.ts.
import {
  multiRoundHelperContinued,
  multiRoundHelperInit,
  multiRoundLeaderContinued,
  multiRoundLeaderInit,
  type MultiRoundPingPongVdaf,
} from './ping-pong-rounds.js';
import type { PingPongState } from './ping-pong-messages.js';

export {
  decodePingPongMessage,
  encodePingPongMessage,
  type PingPongMessage,
  type PingPongState,
} from './ping-pong-messages.js';

/** What ping-pong needs of a one-round VDAF (every Prio3 instance has ROUNDS = 1). */
export interface PingPongVdaf<AP, PS, IS, S, VS, VM, O> {
  readonly ROUNDS: 1;
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
  verifyNext(ctx: Uint8Array, state: S, message: VM): O;
}

type Continued<S> = Extract<PingPongState<S, unknown>, { kind: 'continued' }>;

/** One adapter per VDAF instance: verify_next of the only round always finishes. */
const adapters = new WeakMap<object, unknown>();

/**
 * The one-round VDAF as the multi-round ping-pong sees it (§5.7: ROUNDS = 1).
 *
 * @example const v = asMultiRound(new Prio3Count({ shares: 2 }));
 */
export function asMultiRound<AP, PS, IS, S, VS, VM, O>(
  v: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
): MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O> {
  const known = adapters.get(v) as MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O> | undefined;
  if (known) return known;
  const a: MultiRoundPingPongVdaf<AP, PS, IS, S, VS, VM, O> = {
    ROUNDS: 1,
    decodeAggParam: (e) => v.decodeAggParam(e),
    decodePublicShare: (e) => v.decodePublicShare(e),
    decodeInputShare: (id, e) => v.decodeInputShare(id, e),
    verifyInit: (k, ctx, id, ap, n, ps, is) => v.verifyInit(k, ctx, id, ap, n, ps, is),
    encodeVerifierShare: (s) => v.encodeVerifierShare(s),
    decodeVerifierShare: (st, e) => v.decodeVerifierShare(st, e),
    verifierSharesToMessage: (ctx, ap, shares) => v.verifierSharesToMessage(ctx, ap, shares),
    encodeVerifierMessage: (m) => v.encodeVerifierMessage(m),
    decodeVerifierMessage: (st, e) => v.decodeVerifierMessage(st, e),
    verifyNext: (ctx, st, m) => ({ kind: 'finish', outShare: v.verifyNext(ctx, st, m) }),
  };
  adapters.set(v, a);
  return a;
}

export function pingPongLeaderInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  verifyKey: Uint8Array,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  nonce: Uint8Array,
  publicShare: Uint8Array,
  inputShare: Uint8Array,
): PingPongState<S, O> {
  return multiRoundLeaderInit(
    asMultiRound(vdaf),
    verifyKey,
    ctx,
    aggParam,
    nonce,
    publicShare,
    inputShare,
  );
}

/** The Helper's init: ROUNDS = 1, so it finishes at once, sending the message in a finish. */
export function pingPongHelperInit<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  verifyKey: Uint8Array,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  nonce: Uint8Array,
  publicShare: Uint8Array,
  inputShare: Uint8Array,
  inbound: Uint8Array,
): PingPongState<S, O> {
  const v = asMultiRound(vdaf);
  return multiRoundHelperInit(v, verifyKey, ctx, aggParam, nonce, publicShare, inputShare, inbound);
}

export function pingPongLeaderContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return multiRoundLeaderContinued(asMultiRound(vdaf), ctx, aggParam, state, inbound);
}

export function pingPongHelperContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return multiRoundHelperContinued(asMultiRound(vdaf), ctx, aggParam, state, inbound);
}
