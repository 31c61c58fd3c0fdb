// Metadata objects (TUF 1.0.34 §4): parse/serialise round trips keep unknown fields; bad input is a
// coded refusal; expiry dates written strictly and read tolerantly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalBytes,
  envelopeToJson,
  formatExpires,
  parseEnvelope,
  parseEnvelopeBytes,
  parseExpires,
  parseRoot,
  parseSnapshot,
  parseTargets,
  parseTimestamp,
  rootToJson,
  snapshotToJson,
  targetsToJson,
  timestampToJson,
  TufError,
  type JsonObject,
} from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';
import { delegateCanary, makeFixture } from './support/repo-fixture.js';

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof TufError ? e.code : `untyped: ${String(e)}`;
  }
  return undefined;
}

const extraKey = fc.string({ minLength: 1, maxLength: 8 }).map((s) => `x-${s}`);
const extraVal = fc.oneof(
  fc.string(),
  fc.integer({ min: 0, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);

function sample(): Record<string, JsonObject> {
  const f = makeFixture({ targets: { 'a.txt': 'a', 'd/b.txt': 'b' } });
  delegateCanary(f, ['d/*']);
  f.publish();
  const get = (n: string): JsonObject => f.repo.envelopes.get(n)?.signed ?? {};
  return {
    root: get('root'),
    timestamp: get('timestamp'),
    snapshot: get('snapshot'),
    targets: get('targets'),
  };
}

const PAIRS = {
  root: (v: JsonObject) => rootToJson(parseRoot(v)),
  timestamp: (v: JsonObject) => timestampToJson(parseTimestamp(v)),
  snapshot: (v: JsonObject) => snapshotToJson(parseSnapshot(v)),
  targets: (v: JsonObject) => targetsToJson(parseTargets(v)),
};

describe('metadata objects', () => {
  const signed = sample();

  it.each(Object.keys(PAIRS))('%s round-trips byte-exactly, unknown fields included', (role) => {
    const rt = PAIRS[role as keyof typeof PAIRS];
    const base = signed[role] ?? {};
    fc.assert(
      fc.property(fc.dictionary(extraKey, extraVal, { maxKeys: 3 }), (extra) => {
        const v = { ...base, ...extra };
        expect(canonicalBytes(rt(v))).toEqual(canonicalBytes(v));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('keeps unknown fields nested in keys, roles, delegations and targets', () => {
    const t = structuredClone(signed.targets ?? {}) as JsonObject & {
      delegations: { roles: JsonObject[]; keys: Record<string, JsonObject> };
      targets: Record<string, JsonObject>;
    };
    (t.delegations.roles[0] ?? {})['x-role'] = 1;
    const firstKey = Object.values(t.delegations.keys)[0] ?? {};
    firstKey['x-key'] = 'k';
    (t.targets['a.txt'] ?? {}).custom = { ring: 'canary' };
    expect(canonicalBytes(targetsToJson(parseTargets(t)))).toEqual(canonicalBytes(t));
  });

  it('refuses mutated fields with a coded error', () => {
    const bad: [string, JsonObject][] = [
      ['root', { ...signed.root, _type: 'targets' }],
      ['root', { ...signed.root, version: 0 }],
      ['root', { ...signed.root, version: 1.5 }],
      ['root', { ...signed.root, spec_version: '2.0.0' }],
      ['root', { ...signed.root, expires: 'tomorrow' }],
      ['root', { ...signed.root, roles: {} }],
      ['timestamp', { ...signed.timestamp, meta: {} }],
      ['snapshot', { ...signed.snapshot, meta: { 'targets.json': { version: -1 } } }],
      ['targets', { ...signed.targets, targets: { x: { length: 1, hashes: {} } } }],
    ];
    for (const [role, v] of bad) {
      expect(
        code(() => PAIRS[role as keyof typeof PAIRS](v)),
        JSON.stringify(v).slice(0, 80),
      ).toMatch(/^(metadata_invalid|metadata_type_mismatch|spec_version_unsupported)$/);
    }
  });

  it('envelopes round-trip and refuse truncation, extension and duplicate signers', () => {
    const env = { signed: signed.timestamp ?? {}, signatures: [{ keyid: 'ab', sig: 'cd' }] };
    const bytes = new TextEncoder().encode(JSON.stringify(env));
    expect(envelopeToJson(parseEnvelopeBytes(bytes))).toEqual(env);
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const cut = n % bytes.length;
        expect(code(() => parseEnvelopeBytes(bytes.subarray(0, cut)))).toBe('json_invalid');
        expect(code(() => parseEnvelopeBytes(new Uint8Array([...bytes, 0x5d])))).toBe(
          'json_invalid',
        );
      }),
      { numRuns: FC_RUNS },
    );
    const dup = {
      ...env,
      signatures: [env.signatures[0] ?? {}, env.signatures[0] ?? {}],
    } as JsonObject;
    expect(code(() => parseEnvelope(dup))).toBe('metadata_invalid');
  });
});

describe('expiry dates', () => {
  it('writes whole-second UTC and reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253402300799 }), (sec) => {
        const text = formatExpires(sec * 1000 + 999);
        expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(parseExpires(text)).toBe(sec * 1000);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('reads fractional seconds and offsets', () => {
    expect(parseExpires('2030-01-01T00:00:00Z')).toBe(Date.UTC(2030, 0, 1));
    expect(parseExpires('2030-01-01T00:00:00.123456Z')).toBe(Date.UTC(2030, 0, 1) + 123);
    expect(parseExpires('2030-01-01T02:00:00+02:00')).toBe(Date.UTC(2030, 0, 1));
    expect(parseExpires('2029-12-31T19:00:00-05:00')).toBe(Date.UTC(2030, 0, 1));
  });

  it.each([
    '2030-02-30T00:00:00Z',
    '2030-01-01 00:00:00Z',
    '2030-01-01T00:00:00',
    '2030-13-01T00:00:00Z',
    '',
  ])('refuses %j', (t) => {
    expect(code(() => parseExpires(t))).toBe('metadata_invalid');
  });
});
