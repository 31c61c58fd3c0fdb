// Upstream ECDSA P-256 and RSA-PSS vectors (TUF 1.0.34 §4.2 KEY schemes), transcribed in
// test-vectors/tuf/ (README: repository, path, commit): securesystemslib's signatures over "DATA",
// python-tuf's RSA-PSS-signed root, Sigstore's ECDSA-signed roots 14 -> 15 and a timestamp.
// Every valid signature verifies; flipped bytes, wrong schemes, substituted keys and bad PEM do not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countValidSignatures,
  parseEnvelopeBytes,
  parseRoot,
  parseTimestamp,
  TrustedSet,
  TufError,
  verifySignature,
  verifyThreshold,
  type Envelope,
  type Key,
  type Root,
} from '../../tuf/index.js';
import { ROOT } from '../support/env.js';

const DIR = join(ROOT, 'test-vectors', 'tuf');
const file = (name: string): Buffer => readFileSync(join(DIR, name));
const enc = new TextEncoder();

interface SslibVector {
  keyid: string;
  keytype: string;
  scheme: string;
  public: string;
  sig: string;
}
const sslib = JSON.parse(file('securesystemslib-signatures.json').toString('utf8')) as {
  message_utf8: string;
  other_message_utf8: string;
  vectors: SslibVector[];
};
const MESSAGE = enc.encode(sslib.message_utf8);
const OTHER = enc.encode(sslib.other_message_utf8);

/** The schemes TUF 1.0.34 names and we verify; the rest must be refused as unsupported. */
const SUPPORTED = new Set([
  'ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'rsassa-pss-sha256',
]);

const keyOf = (v: SslibVector): Key => ({
  keytype: v.keytype,
  scheme: v.scheme,
  publicKey: v.public,
  keyvalUnrecognized: {},
  unrecognized: {},
});

/** The hex signature with one byte flipped (XOR 0x01) at `at` (negative counts from the end). */
function flipHex(sig: string, at: number): string {
  const b = Buffer.from(sig, 'hex');
  const i = at < 0 ? b.length + at : at;
  b[i] = (b[i] ?? 0) ^ 1;
  return b.toString('hex');
}

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof TufError) return e.code;
    throw e;
  }
  return undefined;
}

const byScheme = (scheme: string, keytype?: string): SslibVector[] =>
  sslib.vectors.filter(
    (v) => v.scheme === scheme && (keytype === undefined || v.keytype === keytype),
  );

describe('securesystemslib signature vectors (message "DATA")', () => {
  it('has the ECDSA P-256 and RSA-PSS-SHA256 vectors this suite is about', () => {
    expect(byScheme('ecdsa-sha2-nistp256')).toHaveLength(2);
    expect(byScheme('rsassa-pss-sha256')).toHaveLength(2);
  });

  for (const v of sslib.vectors.filter((x) => SUPPORTED.has(x.scheme))) {
    it(`${v.keytype}/${v.scheme} ${v.sig.slice(0, 12)}: verifies, and nothing altered does`, () => {
      const key = keyOf(v);
      expect(verifySignature(key, MESSAGE, v.sig)).toBe(true);
      expect(verifySignature(key, OTHER, v.sig)).toBe(false);
      // Flipped signed byte.
      expect(verifySignature(key, enc.encode('DATB'), v.sig)).toBe(false);
      // Flipped signature bytes: first, middle, last.
      for (const at of [0, Math.floor(v.sig.length / 4), -1])
        expect(verifySignature(key, MESSAGE, flipHex(v.sig, at))).toBe(false);
      // Truncated and extended signatures.
      expect(verifySignature(key, MESSAGE, v.sig.slice(0, -2))).toBe(false);
      expect(verifySignature(key, MESSAGE, `${v.sig}00`)).toBe(false);
    });
  }

  it('schemes outside TUF 1.0.34 (PKCS#1 v1.5, PSS-SHA224/384/512, P-521) are refused as unsupported', () => {
    const others = sslib.vectors.filter((v) => !SUPPORTED.has(v.scheme));
    expect(others.length).toBeGreaterThanOrEqual(8);
    for (const v of others) {
      expect(codeOf(() => verifySignature(keyOf(v), MESSAGE, v.sig))).toBe('scheme_unsupported');
    }
  });

  it('a scheme that does not fit the key type is refused', () => {
    const [ecdsa] = byScheme('ecdsa-sha2-nistp256', 'ecdsa');
    const [rsa] = byScheme('rsassa-pss-sha256');
    const [p384] = byScheme('ecdsa-sha2-nistp384', 'ecdsa');
    const [pkcs1] = byScheme('rsa-pkcs1v15-sha256');
    if (!ecdsa || !rsa || !p384 || !pkcs1) throw new Error('vectors missing');
    // Declared RSA-PSS, holding the P-256 key.
    expect(
      codeOf(() =>
        verifySignature(
          { ...keyOf(ecdsa), keytype: 'rsa', scheme: 'rsassa-pss-sha256' },
          MESSAGE,
          ecdsa.sig,
        ),
      ),
    ).toBe('key_invalid');
    // Declared ECDSA P-256, holding the RSA key: a PKCS#1 v1.5 signature must not pass as ECDSA.
    const rsaAsEcdsa = { ...keyOf(pkcs1), keytype: 'ecdsa', scheme: 'ecdsa-sha2-nistp256' };
    expect(codeOf(() => verifySignature(rsaAsEcdsa, MESSAGE, pkcs1.sig))).toBe('key_invalid');
    // Declared P-256, holding a P-384 key.
    const p384As256 = { ...keyOf(p384), scheme: 'ecdsa-sha2-nistp256' };
    expect(codeOf(() => verifySignature(p384As256, MESSAGE, p384.sig))).toBe('key_invalid');
    // Keytype and scheme from different families.
    expect(
      codeOf(() =>
        verifySignature({ ...keyOf(rsa), scheme: 'ecdsa-sha2-nistp256' }, MESSAGE, rsa.sig),
      ),
    ).toBe('scheme_unsupported');
    expect(
      codeOf(() => verifySignature({ ...keyOf(ecdsa), scheme: 'ed25519' }, MESSAGE, ecdsa.sig)),
    ).toBe('scheme_unsupported');
  });

  it('a malformed PEM is a coded key error, never a crash or a pass', () => {
    const [ecdsa] = byScheme('ecdsa-sha2-nistp256', 'ecdsa');
    const [rsa] = byScheme('rsassa-pss-sha256');
    if (!ecdsa || !rsa) throw new Error('vectors missing');
    for (const v of [ecdsa, rsa]) {
      const body = v.public.split('\n').slice(1, -2).join('\n');
      const bad = [
        v.public.replace('-----END PUBLIC KEY-----', ''),
        v.public.replace(body, body.slice(0, body.length - 8)),
        v.public.replace(
          body,
          body.replace(/[A-Za-z]/, (c) => (c === 'A' ? 'B' : 'A')),
        ),
        `-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n`,
        'not a pem',
      ];
      for (const pem of bad) {
        const key = { ...keyOf(v), publicKey: pem };
        const code = codeOf(() => verifySignature(key, MESSAGE, v.sig));
        expect(code, pem).toBe('key_invalid');
      }
    }
  });
});

/** The root `signed` re-keyed so that `keyid` names `key` instead (a substituted key). */
function withKey(root: Root, keyid: string, key: Key): Root {
  return { ...root, keys: new Map([...root.keys, [keyid, key]]) };
}

function tamperSigned(bytes: Buffer, edit: (s: Envelope['signed']) => void): Envelope {
  const env = parseEnvelopeBytes(bytes);
  const signed = structuredClone(env.signed);
  edit(signed);
  return { ...env, signed };
}

describe('python-tuf repository_data root.json (RSA-PSS, rsassa-pss-sha256)', () => {
  const bytes = file('python-tuf-root.json');
  const env = parseEnvelopeBytes(bytes);
  const root = parseRoot(env.signed);

  it('verifies under its own root role (threshold 1 of the RSA key)', () => {
    const rootKey = root.keys.get(root.roles.root.keyids[0] ?? '');
    expect(rootKey?.scheme).toBe('rsassa-pss-sha256');
    expect(countValidSignatures(root.roles.root, root.keys, env)).toBe(1);
    expect(new TrustedSet(bytes, Date.now()).root.signed.version).toBe(root.version);
  });

  it('refuses a flipped signature byte, a flipped signed byte and a substituted key', () => {
    const sig = env.signatures[0];
    if (sig === undefined) throw new Error('no signature');
    for (const at of [0, 100, -1]) {
      const flipped = { ...env, signatures: [{ ...sig, sig: flipHex(sig.sig, at) }] };
      expect(countValidSignatures(root.roles.root, root.keys, flipped)).toBe(0);
    }
    const edited = tamperSigned(bytes, (s) => {
      s.version = 2;
    });
    expect(countValidSignatures(root.roles.root, root.keys, edited)).toBe(0);
    // The same key id naming an Ed25519 key from the same file: the RSA signature must not count.
    const ed = [...root.keys.values()].find((k) => k.keytype === 'ed25519');
    if (ed === undefined) throw new Error('no ed25519 key');
    const swapped = withKey(root, sig.keyid, ed);
    expect(() => {
      verifyThreshold('root', swapped.roles.root, swapped.keys, env);
    }).toThrow(/threshold/);
  });
});

describe('Sigstore root-signing (ECDSA P-256, ecdsa-sha2-nistp256)', () => {
  const v14 = file('sigstore-14.root.json');
  const v15 = file('sigstore-15.root.json');
  const ts = file('sigstore-timestamp.json');

  it('root 14 meets its own 3-of-5 threshold; root 15 follows it (§5.3.4); the timestamp verifies', () => {
    const env14 = parseEnvelopeBytes(v14);
    const root14 = parseRoot(env14.signed);
    expect(root14.roles.root.threshold).toBe(3);
    expect([...root14.keys.values()].every((k) => k.scheme === 'ecdsa-sha2-nistp256')).toBe(true);
    expect(countValidSignatures(root14.roles.root, root14.keys, env14)).toBeGreaterThanOrEqual(3);
    const set = new TrustedSet(v14, Date.now());
    const root15 = set.updateRoot(v15);
    expect(root15.version).toBe(15);
    const tsEnv = parseEnvelopeBytes(ts);
    verifyThreshold('timestamp', root15.roles.timestamp, root15.keys, tsEnv);
    expect(parseTimestamp(tsEnv.signed).snapshotMeta.version).toBeGreaterThan(0);
  });

  it('refuses flipped signature bytes, a flipped signed byte and another key type under the same key id', () => {
    const root15 = parseRoot(parseEnvelopeBytes(v15).signed);
    const tsEnv = parseEnvelopeBytes(ts);
    const sig = tsEnv.signatures[0];
    if (sig === undefined) throw new Error('no signature');
    const role = root15.roles.timestamp;
    // Byte 0 is the DER SEQUENCE tag, -1 the last byte of s, 8 inside r.
    for (const at of [0, 8, -1]) {
      const flipped = { ...tsEnv, signatures: [{ ...sig, sig: flipHex(sig.sig, at) }] };
      expect(countValidSignatures(role, root15.keys, flipped)).toBe(0);
    }
    const edited = tamperSigned(ts, (s) => {
      s.version = (s.version as number) + 1;
    });
    expect(countValidSignatures(role, root15.keys, edited)).toBe(0);
    // The timestamp key id re-bound to an RSA key, then to an Ed25519 key: no valid signature.
    const pyRoot = parseRoot(parseEnvelopeBytes(file('python-tuf-root.json')).signed);
    for (const other of pyRoot.keys.values()) {
      const swapped = withKey(root15, sig.keyid, other);
      expect(countValidSignatures(role, swapped.keys, tsEnv)).toBe(0);
    }
    // Two of root 15's signatures are below its threshold of 3.
    const env15 = parseEnvelopeBytes(v15);
    const two = { ...env15, signatures: env15.signatures.slice(0, 2) };
    expect(() => {
      verifyThreshold('root', root15.roles.root, root15.keys, two);
    }).toThrow(/threshold/);
  });

  it('root 15 does not follow itself: the version must be exactly N+1', () => {
    const set = new TrustedSet(v15, Date.now());
    expect(codeOf(() => set.updateRoot(v15))).toBe('version_mismatch');
  });
});
