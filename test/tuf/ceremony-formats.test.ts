// Properties of the offline-ceremony file decoders (key files, proposals, detached signatures): round
// trip; truncated, extended and mutated files refused with a typed, coded error, never a crash, and a
// mutation that still decodes never changes what the file binds (key, signed bytes, signature).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assemble,
  detachedSignatureFileBytes,
  ed25519Signer,
  keyFileBytes,
  KEY_ROLES,
  parseDetachedSignature,
  parseKeyFile,
  parseProposal,
  proposalDigest,
  proposalFileBytes,
  signProposal,
  TufError,
  type DetachedSignature,
  type JsonObject,
  type JsonValue,
  type Proposal,
} from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

const enc = new TextEncoder();

/** The decoder refuses `bytes` with a TufError whose code is one of `codes`. */
function refused(decode: () => unknown, codes: readonly string[]): void {
  let caught: unknown;
  try {
    decode();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(TufError);
  expect(codes).toContain((caught as TufError).code);
}

/** Decodes, or returns the TufError (any other exception is a crash and fails the property). */
function attempt<T>(decode: () => T, codes: readonly string[]): T | TufError {
  try {
    return decode();
  } catch (e) {
    if (!(e instanceof TufError)) throw e;
    expect(codes).toContain(e.code);
    return e;
  }
}

const withoutTrailingSpace = (b: Uint8Array): Uint8Array =>
  enc.encode(new TextDecoder().decode(b).trimEnd());

/** A file's bytes with `extra` added as one more top-level field. */
function withField(bytes: Uint8Array, name: string, extra: JsonValue): Uint8Array {
  const o = JSON.parse(new TextDecoder().decode(bytes)) as JsonObject;
  return enc.encode(JSON.stringify({ ...o, [name]: extra }, null, 1));
}

const LOWER = Array.from('abcdefghijklmnopqrstuvwxyz_');
const hex = (bytes: number): fc.Arbitrary<string> =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'));
const asciiKey = fc
  .string({ unit: fc.constantFrom(...LOWER), minLength: 1, maxLength: 8 })
  .filter((k) => !['_type', 'version', 'spec_version', 'expires'].includes(k));
const jsonLeaf: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.string({ maxLength: 12 }),
);
const jsonValue: fc.Arbitrary<JsonValue> = fc.oneof(
  jsonLeaf,
  fc.array(jsonLeaf, { maxLength: 3 }),
  fc.dictionary(asciiKey, jsonLeaf, { maxKeys: 3 }),
);
const roleName = fc.oneof(
  fc.constantFrom('root', 'targets', 'stable', 'canary'),
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,20}$/),
);
const unknownName = fc
  .string({ unit: fc.constantFrom(...LOWER), minLength: 1, maxLength: 10 })
  .filter((k) => !['schema', 'role', 'version', 'signed_sha256', 'signed'].includes(k))
  .filter(
    (k) => !['keyid', 'sig', 'keytype', 'scheme', 'public', 'private', 'created'].includes(k),
  );
/** A replacement byte for position `at` of `bytes` that differs from the one there. */
const mutation = fc.record({ at: fc.nat(), with: fc.integer({ min: 1, max: 255 }) });

function mutate(bytes: Uint8Array, m: { at: number; with: number }): Uint8Array {
  const out = Uint8Array.from(bytes);
  const i = m.at % out.length;
  out[i] = (out[i] ?? 0) ^ m.with;
  return out;
}

const proposalArb: fc.Arbitrary<Proposal> = fc
  .record({
    role: roleName,
    version: fc.integer({ min: 1, max: 2 ** 40 }),
    extra: fc.dictionary(asciiKey, jsonValue, { maxKeys: 4 }),
  })
  .map(({ role, version, extra }) => ({
    role,
    version,
    signed: {
      ...extra,
      _type: role === 'root' ? 'root' : 'targets',
      spec_version: '1.0.34',
      version,
      expires: '2030-01-01T00:00:00Z',
    },
  }));

const signatureArb: fc.Arbitrary<DetachedSignature> = fc.record({
  role: roleName,
  version: fc.integer({ min: 1, max: 2 ** 40 }),
  signedSha256: hex(32),
  keyid: hex(32),
  sig: fc.integer({ min: 1, max: 1024 }).chain((n) => hex(n)),
});

const KEY_CODES = ['json_invalid', 'key_file_invalid'];
// canonical_json_invalid: a flipped byte can turn a digit into `e`, so `1000` becomes `1e00`, a
// float the canonical encoder refuses.
const CEREMONY_CODES = [
  'json_invalid',
  'ceremony_invalid',
  'metadata_invalid',
  'canonical_json_invalid',
];
const opts = { numRuns: FC_RUNS };

/** Property: decoding what the encoder wrote gives back the value. */
function roundTrips<T>(
  arb: fc.Arbitrary<T>,
  encode: (value: T) => Uint8Array,
  decode: (bytes: Uint8Array) => T,
): void {
  fc.assert(
    fc.property(arb, (value) => {
      expect(decode(encode(value))).toEqual(value);
    }),
    opts,
  );
}

/** Property: a file cut short, with a tail after it, or with one more top-level field is refused. */
function refusesTruncatedAndExtended<T>(
  arb: fc.Arbitrary<T>,
  encode: (value: T) => Uint8Array,
  decode: (bytes: Uint8Array) => unknown,
  codes: readonly string[],
): void {
  fc.assert(
    fc.property(
      arb,
      fc.nat(),
      fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /^\S/.test(s)),
      unknownName,
      jsonValue,
      (value, cut, tail, name, extra) => {
        const bytes = encode(value);
        const body = withoutTrailingSpace(bytes);
        refused(() => decode(body.subarray(0, cut % body.length)), codes);
        refused(() => decode(Buffer.concat([bytes, enc.encode(tail)])), codes);
        refused(() => decode(withField(bytes, name, extra)), codes);
      },
    ),
    opts,
  );
}

describe('key file decoder', () => {
  const keyArb = fc.record({
    secret: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    role: fc.constantFrom(...KEY_ROLES),
    created: fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
  });

  it('round trip', () => {
    fc.assert(
      fc.property(keyArb, ({ secret, role, created }) => {
        const k = parseKeyFile(keyFileBytes(secret, role, created));
        const want = ed25519Signer(secret);
        expect(k.role).toBe(role);
        expect(k.signer.keyid).toBe(want.keyid);
        expect(Buffer.from(k.publicKey).toString('hex')).toBe(want.key.publicKey);
      }),
      opts,
    );
  });

  it('truncated and extended files are refused', () => {
    refusesTruncatedAndExtended(
      keyArb,
      ({ secret, role, created }) => keyFileBytes(secret, role, created),
      parseKeyFile,
      KEY_CODES,
    );
  });

  it('a mutated file is refused, or still holds the same role and key', () => {
    fc.assert(
      fc.property(keyArb, mutation, ({ secret, role, created }, m) => {
        const got = attempt(
          () => parseKeyFile(mutate(keyFileBytes(secret, role, created), m)),
          KEY_CODES,
        );
        if (got instanceof TufError) return;
        expect(got.role).toBe(role);
        expect(got.signer.keyid).toBe(ed25519Signer(secret).keyid);
      }),
      opts,
    );
  });
});

describe('ceremony proposal decoder', () => {
  it('round trip', () => {
    roundTrips(proposalArb, proposalFileBytes, parseProposal);
  });

  it('truncated and extended files are refused', () => {
    refusesTruncatedAndExtended(proposalArb, proposalFileBytes, parseProposal, CEREMONY_CODES);
  });

  it('a mutated file is refused, or keeps its version and signed bytes', () => {
    fc.assert(
      fc.property(proposalArb, mutation, (p, m) => {
        const got = attempt(() => parseProposal(mutate(proposalFileBytes(p), m)), CEREMONY_CODES);
        if (got instanceof TufError) return;
        // Only the role label is outside the digest; signatures still bind to the signed bytes.
        expect(got.version).toBe(p.version);
        expect(proposalDigest(got)).toBe(proposalDigest(p));
      }),
      opts,
    );
  });

  it('refuses a signed object of the wrong type for its role', () => {
    const p: Proposal = {
      role: 'stable',
      version: 2,
      signed: { _type: 'root', version: 2 },
    };
    refused(() => parseProposal(proposalFileBytes(p)), ['ceremony_invalid']);
  });
});

describe('detached signature decoder', () => {
  const signer = ed25519Signer(new Uint8Array(32).fill(7));
  const authority = {
    name: 'stable',
    role: { keyids: [signer.keyid], threshold: 1, unrecognized: {} },
    keys: new Map([[signer.keyid, signer.key]]),
  };

  it('round trip', () => {
    roundTrips(signatureArb, detachedSignatureFileBytes, parseDetachedSignature);
  });

  it('truncated and extended files are refused', () => {
    refusesTruncatedAndExtended(
      signatureArb,
      detachedSignatureFileBytes,
      parseDetachedSignature,
      CEREMONY_CODES,
    );
  });

  it('a mutated signature of a real proposal is refused when decoded or when assembled', () => {
    fc.assert(
      fc.property(
        proposalArb.filter((p) => p.role !== 'root'),
        mutation,
        (p, m) => {
          const good = signProposal(p, signer);
          expect(assemble(p, [good], authority).signatures).toHaveLength(1);
          const bytes = mutate(detachedSignatureFileBytes(good), m);
          const got = attempt(() => parseDetachedSignature(bytes), CEREMONY_CODES);
          if (got instanceof TufError) return;
          if (JSON.stringify(got) === JSON.stringify(good)) return; // only whitespace changed
          refused(
            () => assemble(p, [got], authority),
            ['ceremony_invalid', 'ceremony_threshold_unmet'],
          );
        },
      ),
      opts,
    );
  });

  it('refuses upper-case or odd-length hex and over-long signatures', () => {
    const base: DetachedSignature = {
      role: 'stable',
      version: 1,
      signedSha256: 'a'.repeat(64),
      keyid: 'b'.repeat(64),
      sig: 'cd'.repeat(64),
    };
    for (const bad of [
      { keyid: 'B'.repeat(64) },
      { signedSha256: 'a'.repeat(63) },
      { sig: 'abc' },
      { sig: 'ab'.repeat(1025) },
      { role: '../root' },
    ]) {
      refused(
        () => parseDetachedSignature(detachedSignatureFileBytes({ ...base, ...bad })),
        ['ceremony_invalid'],
      );
    }
  });
});
