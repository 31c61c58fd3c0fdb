// draft-irtf-cfrg-vdaf-20 §5.7.1: the ping-pong messages and the states a party moves through.
import { VdafDecodeError, type VdafError } from './errors.js';
import { concatBytes } from '../common/index.js';

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

/** Continued (§5.7.1): waiting for the peer's next message, `outbound` to send it first. */
export interface Continued<S> {
  readonly kind: 'continued';
  readonly verifyState: S;
  readonly verifyRound: number;
  readonly outbound: Uint8Array;
}

/** Finished (§5.7.1): the output share, nothing left to send. */
export interface Finished<O> {
  readonly kind: 'finished';
  readonly outShare: O;
}

/** FinishedWithOutbound (§5.7.1): the output share, and a last message for the peer. */
export interface FinishedWithOutbound<O> {
  readonly kind: 'finishedWithOutbound';
  readonly outShare: O;
  readonly outbound: Uint8Array;
}

/** Rejected (§5.7.1); `error` is the coded cause, which the draft's state does not carry. */
export interface Rejected {
  readonly kind: 'rejected';
  readonly error: VdafError;
}

/** A party's state after each step of the ping-pong topology (§5.7.1). */
export type PingPongState<S, O> = Continued<S> | Finished<O> | FinishedWithOutbound<O> | Rejected;
