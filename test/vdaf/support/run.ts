// Drives one report through every Aggregator over the encoded messages, as DAP would.
import { randomBytes } from 'node:crypto';
import type { AnyPrio3 } from './vectors.js';

export const CTX = new TextEncoder().encode('interlock-mesh test');

export interface EncodedReport {
  nonce: Uint8Array;
  publicShare: Uint8Array;
  inputShares: Uint8Array[];
}

export function shardEncoded(vdaf: AnyPrio3, measurement: unknown): EncodedReport {
  const nonce = randomBytes(vdaf.NONCE_SIZE);
  const [pub, inputs] = vdaf.shard(CTX, measurement, nonce, randomBytes(vdaf.RAND_SIZE));
  return {
    nonce,
    publicShare: vdaf.encodePublicShare(pub),
    inputShares: inputs.map((s) => vdaf.encodeInputShare(s)),
  };
}

export interface Tamper {
  verifierShare?: (aggId: number, b: Uint8Array) => Uint8Array;
  verifierMessage?: (b: Uint8Array) => Uint8Array;
}

/** Every Aggregator's verifyInit on the encoded report: its state and verifier share. */
export function verifyInitAll(
  vdaf: AnyPrio3,
  verifyKey: Uint8Array,
  r: EncodedReport,
): ReturnType<AnyPrio3['verifyInit']>[] {
  return r.inputShares.map((s, aggId) =>
    vdaf.verifyInit(
      verifyKey,
      CTX,
      aggId,
      null,
      r.nonce,
      vdaf.decodePublicShare(r.publicShare),
      vdaf.decodeInputShare(aggId, s),
    ),
  );
}

/** Verifies one report by all Aggregators; returns the output shares or throws. */
export function verifyEncoded(
  vdaf: AnyPrio3,
  verifyKey: Uint8Array,
  r: EncodedReport,
  tamper: Tamper = {},
): Uint32Array[] {
  const inits = verifyInitAll(vdaf, verifyKey, r);
  const shares = inits.map(([state, share], aggId) => {
    const enc = vdaf.encodeVerifierShare(share);
    return vdaf.decodeVerifierShare(state, tamper.verifierShare?.(aggId, enc) ?? enc);
  });
  const msg = vdaf.encodeVerifierMessage(vdaf.verifierSharesToMessage(CTX, null, shares));
  const wire = tamper.verifierMessage?.(msg) ?? msg;
  return inits.map(([state]) =>
    vdaf.verifyNext(CTX, state, vdaf.decodeVerifierMessage(state, wire)),
  );
}

export function flipByte(b: Uint8Array, index: number, mask: number): Uint8Array {
  const out = b.slice();
  out[index % out.length]! ^= mask;
  return out;
}
