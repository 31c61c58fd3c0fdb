// draft-irtf-cfrg-vdaf-20 §5.7: the ping-pong topology for two Aggregators, as pure functions.
import { VdafDecodeError, VdafError, VdafPingPongError } from './errors.js';
import { concatBytes } from './xof/dst.js';

/** The three messages (§5.7.1); each item is prefixed by its 4-byte big-endian length. */
export type PingPongMessage =
  | { readonly type: 'initialize'; readonly verifierShare: Uint8Array }
  | {
      readonly type: 'continue';
      readonly verifierMessage: Uint8Array;
      readonly verifierShare: Uint8Array;
    }
  | { readonly type: 'finish'; readonly verifierMessage: Uint8Array };

const TYPE_CODES = { initialize: 0, continue: 1, finish: 2 } as const;

function item(b: Uint8Array): Uint8Array {
  const len = new Uint8Array(4);
  new DataView(len.buffer).setUint32(0, b.length);
  return concatBytes(len, b);
}

export function encodePingPongMessage(m: PingPongMessage): Uint8Array {
  const head = Uint8Array.of(TYPE_CODES[m.type]);
  if (m.type === 'initialize') return concatBytes(head, item(m.verifierShare));
  if (m.type === 'finish') return concatBytes(head, item(m.verifierMessage));
  return concatBytes(head, item(m.verifierMessage), item(m.verifierShare));
}

/** Parses a message from the peer Aggregator (this value is attacker-controlled). */
export function decodePingPongMessage(encoded: Uint8Array): PingPongMessage {
  const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  let off = 1;
  const next = (): Uint8Array => {
    if (encoded.length - off < 4) {
      throw new VdafDecodeError('decode_length', 'ping-pong message truncated');
    }
    const len = view.getUint32(off);
    off += 4;
    if (encoded.length - off < len) {
      throw new VdafDecodeError('decode_length', 'ping-pong message item truncated');
    }
    const out = encoded.slice(off, off + len);
    off += len;
    return out;
  };
  if (encoded.length < 1) throw new VdafDecodeError('decode_length', 'empty ping-pong message');
  let m: PingPongMessage;
  switch (encoded[0]) {
    case 0:
      m = { type: 'initialize', verifierShare: next() };
      break;
    case 1: {
      const verifierMessage = next();
      m = { type: 'continue', verifierMessage, verifierShare: next() };
      break;
    }
    case 2:
      m = { type: 'finish', verifierMessage: next() };
      break;
    default:
      throw new VdafDecodeError('decode_message_type', 'unknown ping-pong message type');
  }
  if (off !== encoded.length) {
    throw new VdafDecodeError('decode_length', 'trailing bytes after ping-pong message');
  }
  return m;
}

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

export type PingPongState<S, O> =
  | {
      readonly kind: 'continued';
      readonly verifyState: S;
      readonly verifyRound: number;
      readonly outbound: Uint8Array;
    }
  | { readonly kind: 'finished'; readonly outShare: O }
  | { readonly kind: 'finished-with-outbound'; readonly outShare: O; readonly outbound: Uint8Array }
  | { readonly kind: 'rejected'; readonly error: VdafError };

type Continued<S> = Extract<PingPongState<S, unknown>, { kind: 'continued' }>;

/** The draft turns every failure into Rejected; the cause is kept for the caller's error code. */
function rejected(e: unknown): { kind: 'rejected'; error: VdafError } {
  if (e instanceof VdafError) return { kind: 'rejected', error: e };
  return {
    kind: 'rejected',
    error: new VdafPingPongError(e instanceof Error ? e.message : 'failed'),
  };
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
    if (msg.type !== 'initialize')
      throw new VdafPingPongError('helper expected an initialize message');
    const shares = [vdaf.decodeVerifierShare(verifyState, msg.verifierShare), share];
    const message = vdaf.verifierSharesToMessage(ctx, ap, shares);
    const outShare = vdaf.verifyNext(ctx, verifyState, message);
    // ROUNDS = 1, so the transition after round 0 always finishes.
    const outbound = encodePingPongMessage({
      type: 'finish',
      verifierMessage: vdaf.encodeVerifierMessage(message),
    });
    return { kind: 'finished-with-outbound', outShare, outbound };
  } catch (e) {
    return rejected(e);
  }
}

function pingPongContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  try {
    const msg = decodePingPongMessage(inbound);
    if (msg.type === 'initialize') throw new VdafPingPongError('unexpected initialize message');
    const message = vdaf.decodeVerifierMessage(state.verifyState, msg.verifierMessage);
    const outShare = vdaf.verifyNext(ctx, state.verifyState, message);
    if (state.verifyRound + 1 === vdaf.ROUNDS && msg.type === 'finish') {
      return { kind: 'finished', outShare };
    }
    throw new VdafPingPongError('message type does not match the verification round');
  } catch (e) {
    return rejected(e);
  }
}

export function pingPongLeaderContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  _aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return pingPongContinued(vdaf, ctx, state, inbound);
}

export function pingPongHelperContinued<AP, PS, IS, S, VS, VM, O>(
  vdaf: PingPongVdaf<AP, PS, IS, S, VS, VM, O>,
  ctx: Uint8Array,
  _aggParam: Uint8Array,
  state: Continued<S>,
  inbound: Uint8Array,
): PingPongState<S, O> {
  return pingPongContinued(vdaf, ctx, state, inbound);
}
