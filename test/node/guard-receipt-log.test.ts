// The receipt log's leaf (node/guard/receipt-log.ts) and the config's `receipts` section: a logged
// head reads back as itself, anything else is refused, and the section's keys are checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headLeaf, parseHeadLeaf } from '../../node/guard/receipt-log.js';
import { parseReceiptsSection } from '../../node/guard/receipts-config.js';
import { FC_RUNS } from '../support/env.js';

const hex = (n: number): fc.Arbitrary<string> =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Buffer.from(b).toString('hex'));
const head = fc.record({ seq: fc.nat(), hash: hex(32), key: hex(32), sig: hex(64) });

describe('receipt log leaves', () => {
  it('a logged head reads back as itself', () => {
    fc.assert(
      fc.property(head, (h) => {
        expect(parseHeadLeaf(headLeaf(h))).toEqual(h);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses bytes that are not a head, never throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const r = parseHeadLeaf(bytes);
        expect(r === null || typeof r.seq === 'number').toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
    expect(parseHeadLeaf(new TextEncoder().encode('{"seq":"1","hash":"","key":"","sig":""}'))).toBe(
      null,
    );
  });
});

describe('the config receipts section', () => {
  const w = 'http://127.0.0.1:9/witness=w.test+01020304+AAAA';
  it('takes witnesses, a quorum and an origin', () => {
    expect(
      parseReceiptsSection({ log: { witnesses: [w], quorum: 1, origin: 'a/b' } }, 'c'),
    ).toEqual({ log: { witnesses: [w], quorum: 1, origin: 'a/b' } });
  });
  it('refuses unknown keys, no witnesses and a quorum past them', () => {
    for (const bad of [
      { nope: 1 },
      { log: { witnesses: [] } },
      { log: { witnesses: [w], quorum: 2 } },
      { log: { witnesses: [w], extra: true } },
      { log: { witnesses: ['no-equals'] } },
      { log: { witnesses: [w], origin: 'has space' } },
    ])
      expect(() => parseReceiptsSection(bad, 'c'), JSON.stringify(bad)).toThrow(
        /config_invalid|c:/,
      );
  });
});
