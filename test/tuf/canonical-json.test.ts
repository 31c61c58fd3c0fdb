// Canonical JSON (TUF 1.0.34 §4.2): properties, strictness, and agreement with @tufjs/canonical-json.
import { canonicalize } from '@tufjs/canonical-json';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalBytes,
  canonicalString,
  parseJsonBytes,
  TufError,
  type JsonValue,
} from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

const safeInt = fc
  .integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })
  .filter((n) => !Object.is(n, -0));

function jsonArb(key: fc.Arbitrary<string>, str: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> {
  return fc.letrec<{ v: JsonValue }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      safeInt,
      str,
      fc.array(tie('v'), { maxLength: 4 }),
      fc.dictionary(key, tie('v'), { maxKeys: 4 }),
    ),
  })).v;
}

const ascii = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});
const anyJson = jsonArb(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }));

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof TufError ? e.code : 'untyped';
  }
  return undefined;
}

describe('canonical JSON', () => {
  it('agrees with @tufjs/canonical-json on ASCII keys', () => {
    fc.assert(
      fc.property(jsonArb(ascii, fc.string({ unit: 'grapheme' })), (v) => {
        expect(canonicalString(v)).toBe(canonicalize(v));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('round-trips through JSON.parse and is a fixed point', () => {
    fc.assert(
      fc.property(anyJson, (v) => {
        const bytes = canonicalBytes(v);
        const back = parseJsonBytes(bytes);
        expect(back).toEqual(v);
        expect(canonicalBytes(back)).toEqual(bytes);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('is independent of key insertion order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), safeInt), (d) => {
        const reversed = Object.fromEntries(Object.entries(d).reverse());
        expect(canonicalString(reversed)).toBe(canonicalString(d));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects truncated and extended encodings when parsed back', () => {
    fc.assert(
      fc.property(fc.dictionary(ascii, anyJson, { minKeys: 1, maxKeys: 4 }), fc.nat(), (v, cut) => {
        const bytes = canonicalBytes(v);
        const at = cut % bytes.length;
        expect(code(() => parseJsonBytes(bytes.subarray(0, at)))).toBe('json_invalid');
        const extended = new Uint8Array([...bytes, 0x7d]);
        expect(code(() => parseJsonBytes(extended))).toBe('json_invalid');
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('sorts keys by code point and escapes only quote and backslash', () => {
    expect(canonicalString({ b: 1, a: [true, null], '\u00e9': 'x"\\\n' })).toBe(
      '{"a":[true,null],"b":1,"\u00e9":"x\\"\\\\\n"}',
    );
    // U+1F600 (surrogate pair) sorts after U+FFFF by code point, before it by UTF-16 unit.
    expect(canonicalString({ '\u{1F600}': 1, '\uFFFF': 2 })).toBe('{"\uFFFF":2,"\u{1F600}":1}');
  });

  it.each([
    ['a float', 1.5],
    ['-0', -0],
    ['an unsafe integer', 2 ** 53],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a lone surrogate', '\uD800'],
  ])('refuses %s', (_name, v) => {
    expect(code(() => canonicalString({ v }))).toBe('canonical_json_invalid');
  });

  it('refuses non-JSON values and excessive depth', () => {
    expect(code(() => canonicalString({ v: undefined } as unknown as JsonValue))).toBe(
      'canonical_json_invalid',
    );
    let deep: JsonValue = 1;
    for (let i = 0; i < 80; i++) deep = [deep];
    expect(code(() => canonicalString(deep))).toBe('canonical_json_invalid');
    expect(code(() => parseJsonBytes(new TextEncoder().encode(JSON.stringify(deep))))).toBe(
      'json_invalid',
    );
  });

  it('refuses invalid UTF-8', () => {
    expect(code(() => parseJsonBytes(new Uint8Array([0x22, 0xff, 0x22])))).toBe('json_invalid');
  });
});
