// tuf/canonical-stringify.ts: JSON.stringify's text is taken only where it is exactly what common's
// canonical encoder writes; everywhere else (and wherever that encoder refuses) it yields undefined.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalString, MAX_JSON_DEPTH } from '../../common/index.js';
import { stringifyCanonical } from '../../tuf/canonical-stringify.js';
import { canonicalString as tufCanonicalString } from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

/** Keys where JSON.stringify's order or escapes part from canonical JSON's. */
const trickyKey = fc.oneof(
  fc.constantFrom('__proto__', 'toJSON', '', '0', '9', '10', '01', '4294967294', '4294967295', 'a'),
  fc.constantFrom('\u00e9', '\uFFFF', '\u{1F600}', '\uD800', '\n', '"', '\\', '\u2028', '\u007f'),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
);
const trickyString = fc.oneof(trickyKey, fc.string({ unit: 'binary', maxLength: 6 }));
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(-0, 1.5, 2 ** 53, -(2 ** 53), Number.NaN, Number.POSITIVE_INFINITY, 1e21),
  fc.maxSafeInteger(),
);
/** Values canonical JSON refuses or JSON.stringify rewrites. */
const odd = fc.constantFrom<unknown>(
  undefined,
  new Date(0),
  new Map([['a', 1]]),
  Buffer.from('ab'),
  new Uint8Array([1]),
  Object.assign(Object.create({ inherited: 1 }) as object, { own: 1 }),
  { toJSON: () => 'replaced' },
  Object('boxed'),
  10n,
  () => 1,
);

const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    trickyString,
    odd,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(trickyKey, tie('v'), { maxKeys: 5 }),
    fc
      .dictionary(trickyKey, tie('v'), { maxKeys: 4 })
      .map((d) => Object.assign(Object.create(null) as object, d)),
  ),
})).v;

/** common's text, or undefined where it refuses the value. */
function common(v: unknown): string | undefined {
  try {
    return canonicalString(v as never);
  } catch {
    return undefined;
  }
}

function nested(depth: number, leaf: unknown, wrap: (x: unknown) => unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = wrap(v);
  return v;
}

describe('canonical JSON through JSON.stringify', () => {
  it('is common’s text or nothing, and nothing wherever common refuses', () => {
    fc.assert(
      fc.property(value, (v) => {
        const fast = stringifyCanonical(v);
        if (fast !== undefined) expect(fast).toBe(common(v));
      }),
      { numRuns: FC_RUNS * 5 },
    );
  });

  it('takes metadata-shaped values: unsorted keys, hex key ids, nested maps', () => {
    const doc = {
      _type: 'targets',
      version: 3,
      targets: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [
          `team/artifact-${i}.bin`,
          { length: i * 7, hashes: { sha512: 'ab'.repeat(64), sha256: 'cd'.repeat(32) } },
        ]),
      ),
      delegations: {
        keys: { '1f2e': { keytype: 'ed25519' } },
        roles: [{ name: 'a', paths: ['*'] }],
      },
    };
    expect(stringifyCanonical(doc)).toBe(canonicalString(doc));
    expect(stringifyCanonical(JSON.parse(JSON.stringify(doc)))).toBe(canonicalString(doc));
  });

  it('leaves integer-like keys that need sorting, escapes and high code points to common', () => {
    for (const v of [
      { b: 1, 10: 2, 9: 3 },
      { a: 'line\nbreak' },
      { a: 'back\\slash\\n' },
      { '\u{1F600}': 1, '\uFFFF': 2 },
      { a: '\uD800' },
    ]) {
      expect(stringifyCanonical(v)).toBeUndefined();
      let tuf: string | undefined;
      try {
        tuf = tufCanonicalString(v as never);
      } catch {
        tuf = undefined;
      }
      expect(tuf).toBe(common(v));
    }
    // sorted already, integer keys and all: the engine's order is the canonical one
    expect(stringifyCanonical({ 1: 'x', 2: 'y', a: 'z' })).toBe('{"1":"x","2":"y","a":"z"}');
    // quotes and backslashes are escaped alike; a backslash before any other character is left
    // to common (the text check cannot tell an escape of its own from an escaped backslash)
    expect(stringifyCanonical({ q: 'say "hi" \\' })).toBe(common({ q: 'say "hi" \\' }));
    expect(stringifyCanonical({ q: '\\n' })).toBeUndefined();
  });

  it('stops at the depth common stops at', () => {
    for (const wrap of [(x: unknown) => [x], (x: unknown) => ({ k: x })]) {
      for (const depth of [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1]) {
        for (const leaf of [1, [], {}]) {
          const v = nested(depth, leaf, wrap);
          const c = common(v);
          const fast = stringifyCanonical(v);
          expect(fast).toBe(c);
          if (depth < MAX_JSON_DEPTH) expect(fast).toBeDefined();
        }
      }
    }
  });

  it('yields nothing for cycles and values toJSON rewrites', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(stringifyCanonical(cyclic)).toBeUndefined();
    expect(stringifyCanonical({ when: new Date(0) })).toBeUndefined();
    expect(stringifyCanonical({ bytes: Buffer.from('ab') })).toBeUndefined();
    expect(stringifyCanonical([undefined])).toBeUndefined();
    const proto = Object.prototype as { toJSON?: unknown };
    proto.toJSON = () => 'every object';
    try {
      expect(stringifyCanonical({ a: 1 })).toBeUndefined();
    } finally {
      delete proto.toJSON;
    }
    expect(stringifyCanonical({ a: 1 })).toBe('{"a":1}');
  });
});
