// The docs/architecture.md log leaf: canonical bytes, strict parsing, and the monitor's conflict rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leafBytes,
  leafConflictKey,
  leafKey,
  metadataLeaf,
  PackError,
  parseLeaf,
  sha256Hex,
  type Leaf,
} from '../../../packs/index.js';
import { FC_RUNS } from '../../support/env.js';

const leafArb: fc.Arbitrary<Leaf> = fc.record({
  role: fc.constantFrom('root', 'targets', 'canary', 'stable'),
  version: fc.integer({ min: 1, max: 2 ** 40 }),
  path: fc.stringMatching(/^[a-z0-9][a-z0-9/._-]{0,80}$/),
  sha256: fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((b) => Buffer.from(b).toString('hex')),
  length: fc.integer({ min: 0, max: 2 ** 40 }),
});

const rejects = (bytes: Uint8Array): boolean => {
  try {
    parseLeaf(bytes);
    return false;
  } catch (e) {
    return e instanceof PackError && e.code === 'leaf_invalid';
  }
};

describe('log leaf', () => {
  it('is the canonical JSON docs/architecture.md names', () => {
    const bytes = metadataLeaf('targets', 5, new TextEncoder().encode('x'));
    expect(new TextDecoder().decode(leafBytes(bytes))).toBe(
      `{"length":1,"path":"5.targets.json","role":"targets","sha256":"${sha256Hex(new TextEncoder().encode('x'))}","version":5}`,
    );
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(leafArb, (l) => {
        expect(parseLeaf(leafBytes(l))).toEqual(l);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects truncated, extended and mutated bytes', () => {
    fc.assert(
      fc.property(leafArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (l, at, x) => {
        const b = leafBytes(l);
        const cut = at % b.length;
        expect(rejects(b.subarray(0, cut))).toBe(true);
        expect(rejects(new Uint8Array([...b, 0x20]))).toBe(true);
        const m = b.slice();
        m[cut] = ((m[cut] ?? 0) ^ x) & 0xff;
        // a mutation either breaks the leaf or yields a different valid leaf, never the same one
        if (!rejects(m)) expect(parseLeaf(m)).not.toEqual(l);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects non-canonical spellings and extra fields', () => {
    const l = metadataLeaf('root', 1, new Uint8Array([1]));
    const spaced = new TextEncoder().encode(JSON.stringify(l, null, 1));
    expect(rejects(spaced)).toBe(true);
    const extra = new TextEncoder().encode(JSON.stringify({ ...l, extra: 1 }));
    expect(rejects(extra)).toBe(true);
    expect(() => leafBytes({ ...l, version: 0 })).toThrow(PackError);
    expect(() => leafBytes({ ...l, sha256: 'ab' })).toThrow(PackError);
  });

  it('keys a conflict on role, version and path; the value is the file', () => {
    fc.assert(
      fc.property(leafArb, leafArb, (a, b) => {
        const ka = leafConflictKey(leafBytes(a), 0);
        const kb = leafConflictKey(
          leafBytes({ ...b, role: a.role, version: a.version, path: a.path }),
          1,
        );
        expect(ka?.key).toBe(leafKey(a));
        expect(ka?.key).toBe(kb?.key);
        expect(ka?.value === kb?.value).toBe(a.sha256 === b.sha256 && a.length === b.length);
      }),
      { numRuns: FC_RUNS },
    );
    expect(leafConflictKey(new TextEncoder().encode('not a leaf'), 0)).toBeUndefined();
  });
});
