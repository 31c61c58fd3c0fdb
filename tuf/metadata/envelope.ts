// The metadata file format (TUF 1.0.34 §4.2): {"signed": ROLE, "signatures": [{keyid, sig}]}.
import { canonicalBytes } from '../canonical-json.js';
import { TufError } from '../errors.js';
import { parseJsonBytes, type JsonObject, type JsonValue } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject, str } from './fields.js';

export interface Signature {
  keyid: string;
  sig: string;
  unrecognized: JsonObject;
}

export interface Envelope {
  /** The "signed" object exactly as received; its canonical bytes are what was signed. */
  signed: JsonObject;
  signatures: Signature[];
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseEnvelope(v: JsonValue): Envelope {
  const o = asObject(v, 'metadata');
  const signed = asObject(o.signed, 'metadata.signed');
  if (!Array.isArray(o.signatures)) {
    throw new TufError('metadata_invalid', 'metadata.signatures must be a list');
  }
  const seen = new Set<string>();
  const signatures = o.signatures.map((s) => {
    const so = asObject(s, 'signature');
    const keyid = str(so, 'keyid', 'signature');
    if (seen.has(keyid)) throw new TufError('metadata_invalid', `two signatures by key ${keyid}`);
    seen.add(keyid);
    return {
      keyid,
      sig: str(so, 'sig', 'signature'),
      unrecognized: unrecognizedFields(so, ['keyid', 'sig']),
    };
  });
  return { signed, signatures, unrecognized: unrecognizedFields(o, ['signed', 'signatures']) };
}

/** Bytes capped by the fetcher or read from disk; this value is attacker-controlled. */
export function parseEnvelopeBytes(bytes: Uint8Array): Envelope {
  return parseEnvelope(parseJsonBytes(bytes));
}

export function envelopeToJson(e: Envelope): JsonObject {
  return {
    ...e.unrecognized,
    signed: e.signed,
    signatures: e.signatures.map((s) => ({ ...s.unrecognized, keyid: s.keyid, sig: s.sig })),
  };
}

/** The bytes a signature covers: canonical JSON of "signed". */
export function signedBytes(e: Envelope): Uint8Array {
  return canonicalBytes(e.signed);
}

/** Metadata files as our tools write them: indented for people, canonical where it counts. */
export function envelopeFileBytes(e: Envelope): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(envelopeToJson(e), null, 1)}\n`);
}
