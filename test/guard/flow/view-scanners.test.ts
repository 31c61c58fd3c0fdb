// The decoded views' scanners (separator runs, host names, prose tokens, character codes, lower-cased
// base32, command values) against the regexes they replace, kept here as the reference: the same
// output on generated text shaped like what each looks for, and work that grows linearly with the
// input (counted in characters read, never timed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinedCommandValues } from '../../../guard/flow/command-values.js';
import { eachWord } from '../../../guard/flow/command-words.js';
import { domainJoins } from '../../../guard/flow/domain-joins.js';
import { tokens } from '../../../guard/flow/fragment-joins.js';
import { hostNames } from '../../../guard/flow/host-names.js';
import {
  fromCharCodes,
  hostLabels,
  lowerBase32,
  unseparated,
} from '../../../guard/flow/text-codecs.js';
import { FC_RUNS } from '../../support/env.js';

// ---- the reference: the regexes as they were -------------------------------------------------
const SEPARATORS = ['-', '_', '.', ',', ':', ';', ' ', '\n', '|', '/', '\\'];
const escapeRe = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const SPLIT = SEPARATORS.map((s) => ({
  sep: s,
  re: new RegExp(`(?:[A-Za-z0-9+/=_-]${escapeRe(s)}){11,}[A-Za-z0-9+/=_-]`, 'g'),
}));
const GROUPS = SEPARATORS.filter((s) => s !== '/' && s !== '\\').map((s) => ({
  sep: s,
  re: new RegExp(
    `(?<![A-Za-z0-9+=])(?:[A-Za-z0-9+=]{2,64}${escapeRe(s)})+[A-Za-z0-9+=]{2,64}(?![A-Za-z0-9+=])`,
    'g',
  ),
}));
function oldUnseparated(text: string): string | null {
  const parts: string[] = [];
  for (const { re } of SPLIT)
    for (const m of text.matchAll(re)) {
      let joined = '';
      for (let i = 0; i < m[0].length; i += 2) joined += m[0].charAt(i);
      parts.push(joined);
    }
  for (const { sep, re } of GROUPS)
    for (const m of text.matchAll(re)) {
      const joined = m[0].split(sep).join('');
      if (joined.length >= 12 && /\d/.test(joined) && /[A-Za-z]/.test(joined)) parts.push(joined);
    }
  return parts.length === 0 ? null : parts.join('\u0000');
}
const HOST = (min: number): RegExp =>
  new RegExp(
    `(?<![\\w.-])(?:[A-Za-z0-9_-]{1,63}\\.){${min},24}[A-Za-z][A-Za-z0-9-]{1,62}(?![\\w-])`,
    'g',
  );
const oldHostNames = (text: string, min: number, max: number): string[] =>
  [...text.matchAll(HOST(min))].map((m) => m[0]).slice(0, max);
function oldHostLabels(text: string): string | null {
  const parts: string[] = [];
  for (const name of oldHostNames(text, 3, Infinity)) {
    const labels = name.split('.');
    const joined = labels.slice(0, -2).join('').toLowerCase();
    if (joined.length >= 12 && labels.length - 2 >= 2) parts.push(joined);
  }
  return parts.length === 0 ? null : parts.join('\u0000');
}
const TOKEN =
  /(?<![A-Za-z0-9+/_-])(?=[A-Za-z+/_-]*\d)[A-Za-z0-9+/_-]{10,128}={0,2}(?![A-Za-z0-9+/=_-]|\.[A-Za-z0-9])/g;
const oldTokens = (text: string, max: number): string[] =>
  [...text.matchAll(TOKEN)].map((m) => m[0]).slice(0, max);
const CODE_RUNS: { re: RegExp; radix: number; code: RegExp }[] = [
  { re: /(?:\b\d{1,3}\s*[,;.:|_/-]\s*){11,}\d{1,3}\b/g, radix: 10, code: /\d{1,3}/g },
  { re: /(?:\b\d{2,3} ){11,}\d{2,3}\b/g, radix: 10, code: /\d{2,3}/g },
  { re: /(?:\\[0-7]{1,3}){12,}/g, radix: 8, code: /(?<=\\)[0-7]{1,3}/g },
  { re: /(?:\\x[0-9A-Fa-f]{2}){12,}/g, radix: 16, code: /(?<=x)[0-9A-Fa-f]{2}/g },
  { re: /(?:0x[0-9A-Fa-f]{1,2}\s*,?\s*){12,}/g, radix: 16, code: /(?<=0x)[0-9A-Fa-f]{1,2}/g },
  {
    re: /(?:[\\%]u(?:[0-9A-Fa-f]{4}|\{[0-9A-Fa-f]{1,6}\})){12,}/g,
    radix: 16,
    code: /(?<=u\{?)[0-9A-Fa-f]{1,6}/g,
  },
  { re: /(?:&#\d{1,7};){12,}/g, radix: 10, code: /(?<=&#)\d{1,7}/g },
  { re: /(?:&#[xX][0-9A-Fa-f]{1,6};){12,}/g, radix: 16, code: /(?<=&#[xX])[0-9A-Fa-f]{1,6}/g },
];
function oldFromCharCodes(text: string): Uint8Array | null {
  const out: number[] = [];
  for (const { re, radix, code } of CODE_RUNS)
    for (const m of text.matchAll(re)) {
      for (const c of m[0].match(code) ?? []) {
        const v = parseInt(c, radix);
        if (!Number.isInteger(v) || v < 0 || v > 0x10ffff) continue;
        if (v <= 255) out.push(v);
        else for (const b of Buffer.from(String.fromCodePoint(v), 'utf8')) out.push(b);
      }
      out.push(0);
    }
  return out.length === 0 ? null : Uint8Array.from(out);
}
const oldLowerBase32 = (text: string): boolean => /[a-z2-7]{20,}/.test(text) && !/[A-Z]/.test(text);
function oldJoinedCommandValues(text: string): string | null {
  if (text.length > 16 * 1024 || !/\s/.test(text)) return null;
  const parts: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g)) {
    const word = m[1] ?? m[2] ?? m[3] ?? '';
    if (word.startsWith('-') || word === '') continue;
    for (const piece of word.split(/[?&;](?=[\w.-]{1,64}=)/))
      parts.push(piece.replace(/^[\w.-]{1,64}\s*[:=]\s*/, ''));
  }
  return parts.length < 2 ? null : parts.join('');
}

// ---- generated text --------------------------------------------------------------------------
/** Text of `chars`, and text of words of 1-3 or 60-70 of `word` each followed by one of `seps`. */
function shaped(chars: string, word: string, seps: string): fc.Arbitrary<string> {
  const pick = (s: string): fc.Arbitrary<string> => fc.constantFrom(...s.split(''));
  const w = fc.oneof(
    fc.string({ unit: pick(word), minLength: 1, maxLength: 4 }),
    fc.string({ unit: pick(word), minLength: 60, maxLength: 70 }),
  );
  const run = fc
    .tuple(fc.array(w, { minLength: 1, maxLength: 40 }), pick(seps), fc.boolean())
    .map(([ws, s, trail]) => ws.join(s) + (trail ? s : ''));
  return fc.oneof(
    fc.string({ unit: pick(chars), maxLength: 400 }),
    fc
      .array(fc.oneof(run, fc.string({ unit: pick(chars), maxLength: 6 })), { maxLength: 6 })
      .map((xs) => xs.join('')),
  );
}

const GROUP = fc.oneof(fc.stringMatching(/^[aZ7+=]{1,3}$/), fc.stringMatching(/^[aZ7+=]{62,66}$/));
const SEPARATED = fc.oneof(
  shaped('aZ7+=-_.,:; \n|/\\é', 'aZ7+=_-', '-_.,:; \n|/\\'),
  fc
    .tuple(
      fc.array(GROUP, { minLength: 1, maxLength: 8 }),
      fc.constantFrom(...'-_.,:; \n|'.split('')),
    )
    .map(([gs, sep]) => gs.join(sep)),
);
const label = fc.oneof(
  { arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,4}$/), weight: 4 },
  fc.stringMatching(/^[A-Za-z0-9_-]{0,3}$/),
  fc.stringMatching(/^[a-z0-9]{60,66}$/),
);
const HOSTS = fc.oneof(
  shaped('abZ7_-. /@é', 'abcZ7-_', '.'),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('', ' ', '/', '@', '_', '.', '-', 'é'),
        fc.oneof(
          fc.array(label, { maxLength: 8 }),
          fc.array(label, { minLength: 22, maxLength: 28 }),
        ),
      ),
      { maxLength: 4 },
    )
    .map((xs) => xs.map(([a, ls]) => a + ls.join('.')).join('')),
);
const TOKENS = shaped('aZ7+/_-=. é', 'aZ7+/_-', '=. ');
const CODE_UNITS = ['\\x41', '\\101', '\\7', '0x4f, ', '0x7,', '&#65;', '&#x4F;', '\\u0041'];
const CODES = fc.oneof(
  shaped('0127xX\\u{}&#;, %aF\n', '0127', ',;.:|_/- '),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          ...CODE_UNITS,
          '%u0041',
          '\\u{41}',
          '\\u{1F600}',
          '&#128512;',
          '12,',
          '99 ',
        ),
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom('', ' ', 'a', '1'),
      ),
      { maxLength: 5 },
    )
    .map((xs) => xs.map(([u, k, gap]) => u.repeat(k) + gap).join('')),
);

/** Command lines: quoted and bare words, escapes, unclosed quotes, flags, name prefixes, queries. */
const COMMANDS = shaped(
  `ab7-=:?&;'"\\ \t\n\r\u00a0\u2028\u3000\ufeff\u180e`,
  `ab7-=:?&;'"\\`,
  ` \n\t'"`,
);

describe('decoded views find what the regexes they replace found', () => {
  const runs = { numRuns: FC_RUNS * 10 };
  it('separator runs', () => {
    fc.assert(
      fc.property(SEPARATED, (t) => {
        expect(unseparated(t)).toBe(oldUnseparated(t));
      }),
      runs,
    );
  });
  it('host names, host labels', () => {
    fc.assert(
      fc.property(HOSTS, fc.constantFrom(2, 3), (t, min) => {
        expect(hostNames(t, min, 512)).toEqual(oldHostNames(t, min, 512));
        expect(hostNames(t, min, 3)).toEqual(oldHostNames(t, min, 3));
        expect(hostLabels(t)).toBe(oldHostLabels(t));
        // the decoder reads the names once for both views
        const names = hostNames(t, 2, Infinity);
        expect(hostLabels(t, names)).toBe(oldHostLabels(t));
        expect(domainJoins(t, names)).toBe(domainJoins(t));
      }),
      runs,
    );
  });
  it('prose tokens', () => {
    fc.assert(
      fc.property(TOKENS, (t) => {
        expect(tokens(t, 17)).toEqual(oldTokens(t, 17));
      }),
      runs,
    );
  });
  it('character codes, lower-cased base32, command values', () => {
    fc.assert(
      fc.property(fc.oneof(CODES, SEPARATED, TOKENS), (t) => {
        expect(fromCharCodes(t)).toEqual(oldFromCharCodes(t));
        expect(lowerBase32(t)).toBe(oldLowerBase32(t));
        expect(joinedCommandValues(t)).toBe(oldJoinedCommandValues(t));
      }),
      runs,
    );
  });
  it('command values', () => {
    fc.assert(
      fc.property(COMMANDS, (t) => {
        expect(joinedCommandValues(t)).toBe(oldJoinedCommandValues(t));
      }),
      runs,
    );
  });
  it('examples of each shape', () => {
    const examples = [
      'Q-7-v-X-2-m-K-9-p-L-4-t-R-8',
      'u4xD i0ij Xb8Y',
      'AKIA-ISSX-FA6E-ab',
      'ab1-cd2-ef3 gh4 ij5 kl6',
      '-_-_-_-_-_-_-_-_-_-_-_-_-_-_-_-_',
      'dig a1b2c3.d4e5f6.evil.example; dig 79fb.a.sink.example',
      'x.y.z.w.v.u.t.s.r.q.p.o.n.m.l.k.j.i.h.g.f.e.d.c.b.a.zz.yy',
      'a.b.c_d.e.f',
      'token Ab3dEf9hIjKl== then Xy7zQw5eRt.example',
      '0x51, 0x37, 0x76, 0x58, 0x32, 0x6d, 0x4b, 0x39, 0x70, 0x4c, 0x34, 0x74',
      "curl -H 'X-A: 5pdj' 'https://x.test/?a=1&b=2' -d k=v",
      `a "b\\"c" 'd "e \\\n f" g\u00a0h`,
      `"a\\"b\\\n"c" 'x`,
    ];
    for (const t of examples) {
      expect(unseparated(t)).toBe(oldUnseparated(t));
      expect(hostNames(t, 2, 512)).toEqual(oldHostNames(t, 2, 512));
      expect(hostLabels(t)).toBe(oldHostLabels(t));
      expect(tokens(t, 17)).toEqual(oldTokens(t, 17));
      expect(fromCharCodes(t)).toEqual(oldFromCharCodes(t));
      expect(joinedCommandValues(t)).toBe(oldJoinedCommandValues(t));
    }
    expect(unseparated('Q-7-v-X-2-m-K-9-p-L-4-t-R-8')).toBe('Q7vX2mK9pL4tR8');
  });
});

/** Characters the scanners read (`charCodeAt` calls) while `f` runs. */
function reads(f: () => unknown): number {
  const proto = String.prototype as { charCodeAt: (i: number) => number };
  const original = proto.charCodeAt;
  let n = 0;
  proto.charCodeAt = function (this: string, i: number): number {
    n++;
    return original.call(this, i);
  };
  try {
    f();
  } finally {
    proto.charCodeAt = original;
  }
  return n;
}

describe('the scanners stay linear on hostile text', () => {
  const size = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length));
  // each unit the worst found for one scanner: walks that fail late, runs that almost qualify
  const HOSTILE = [
    'a-b-c-d-e-f-g-h-i-j-k-ab',
    '-_',
    'ab-',
    'ab-cd ef-gh ',
    'a.',
    'a.b.c_d ',
    'a'.repeat(63) + '.',
    'a1'.repeat(70) + ' ',
    'Ab3dEf9hIjKl=.x',
    `'a `,
    `"a\\"b `,
    `"\\\n`,
    // ten pairs short of a single-character run: the native pre-check fails late at every start
    'a-b-c-d-e-f-g-h-i-j-.',
    // groups beside a lone digit: the group walk runs (the text has a digit) and keeps nothing
    'ab cd ef gh 1 ',
  ];
  for (const unit of HOSTILE)
    it(`reads a bounded number of characters per character of ${JSON.stringify(unit.slice(0, 16))}`, () => {
      const all = (t: string): void => {
        unseparated(t);
        hostNames(t, 2, Infinity);
        tokens(t, Infinity);
        lowerBase32(t);
        eachWord(t, () => undefined);
      };
      const small = size(unit, 100_000);
      const large = size(unit, 1_000_000);
      const a = reads(() => {
        all(small);
      });
      const b = reads(() => {
        all(large);
      });
      expect(b / large.length).toBeLessThan(40);
      expect(b / a).toBeLessThan((large.length / small.length) * 1.1);
    });
});
