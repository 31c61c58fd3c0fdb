// draft-irtf-cfrg-vdaf-20 §5.7 with ROUNDS = 1 (every Prio3 instance): the one-round VDAF as the
// ping-pong of ping-pong.ts sees it, its verify_next always finishing.
import type { PingPongVdaf } from './ping-pong.js';

/** A one-round VDAF: verify_next of its only round returns the output share. */
export type OneRoundVdaf<AP, PS, IS, S, VS, VM, O> = Omit<
  PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  'ROUNDS' | 'verifyNext'
> & {
  readonly ROUNDS: 1;
  verifyNext(ctx: Uint8Array, state: S, message: VM): O;
};

/** One adapter per VDAF instance. */
const adapters = new WeakMap<object, unknown>();

/**
 * The one-round VDAF as ping-pong sees it: the same methods, verify_next wrapped as a finish.
 *
 * @example const st = pingPongLeaderInit(asPingPongVdaf(new Prio3Count({ shares: 2 })), report);
 */
export function asPingPongVdaf<AP, PS, IS, S, VS, VM, O>(
  v: OneRoundVdaf<AP, PS, IS, S, VS, VM, O>,
): PingPongVdaf<AP, PS, IS, S, VS, VM, O> {
  const known = adapters.get(v) as PingPongVdaf<AP, PS, IS, S, VS, VM, O> | undefined;
  if (known) return known;
  const a: PingPongVdaf<AP, PS, IS, S, VS, VM, O> = {
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
