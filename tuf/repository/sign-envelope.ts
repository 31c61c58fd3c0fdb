// Signing a role's "signed" object (TUF 1.0.34 §4.2): each signature covers its canonical JSON bytes.
import { canonicalBytes } from '../canonical-json.js';
import type { Signer } from '../crypto/ed25519-signer.js';
import type { JsonObject } from '../json.js';
import type { Envelope } from '../metadata/envelope.js';

export function signEnvelope(signed: JsonObject, signers: readonly Signer[]): Envelope {
  const message = canonicalBytes(signed);
  const seen = new Set<string>();
  const signatures = [];
  for (const s of signers) {
    if (seen.has(s.keyid)) continue;
    seen.add(s.keyid);
    signatures.push({ keyid: s.keyid, sig: s.sign(message), unrecognized: {} });
  }
  return { signed, signatures, unrecognized: {} };
}
