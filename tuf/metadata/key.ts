// The KEY object (TUF 1.0.34 §4.2): keytype, scheme, keyval; the KEYID is sha256 of its canonical form.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonicalBytes } from '../canonical-json.js';
import type { JsonObject } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject, str } from './fields.js';

export interface Key {
  keytype: string;
  scheme: string;
  /** keyval.public: hex for ed25519, PEM for ecdsa and rsa. */
  publicKey: string;
  keyvalUnrecognized: JsonObject;
  unrecognized: JsonObject;
}

const FIELDS = ['keytype', 'scheme', 'keyval'] as const;

/** This value is attacker-controlled. */
export function parseKey(o: JsonObject, where: string): Key {
  const keyval = asObject(o.keyval, `${where}.keyval`);
  return {
    keytype: str(o, 'keytype', where),
    scheme: str(o, 'scheme', where),
    publicKey: str(keyval, 'public', `${where}.keyval`),
    keyvalUnrecognized: unrecognizedFields(keyval, ['public']),
    unrecognized: unrecognizedFields(o, FIELDS),
  };
}

export function keyToJson(k: Key): JsonObject {
  return {
    ...k.unrecognized,
    keytype: k.keytype,
    scheme: k.scheme,
    keyval: { ...k.keyvalUnrecognized, public: k.publicKey },
  };
}

/** §4.2: the hex SHA-256 of the canonical key object (how our tools name keys). */
export function keyIdOf(k: Key): string {
  return bytesToHex(sha256(canonicalBytes(keyToJson(k))));
}

export function ed25519Key(publicKeyHex: string): Key {
  return {
    keytype: 'ed25519',
    scheme: 'ed25519',
    publicKey: publicKeyHex,
    keyvalUnrecognized: {},
    unrecognized: {},
  };
}
