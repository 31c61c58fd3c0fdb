// Re-encodings an agent does trivially, and fragments split across arguments and calls: each is
// caught by the in-process tracker, and ordinary text with the same shapes is not.
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FingerprintStore, FLOW_DB_FILE } from '../../../guard/flow/fingerprint-store.js';
import { createFlowTracker } from '../../../guard/flow/tracker.js';
import { base32, fromCharCodes, rot13, unseparated } from '../../../guard/flow/text-codecs.js';
import { FC_RUNS } from '../../support/env.js';

const secret = 'Q7vX2mK9pL4tR8wZ3nB6yH1c';
const bytes = Buffer.from(secret);
const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

const FORMS: Record<string, string> = {
  base32: base32(bytes),
  'base32, lower case': base32(bytes).toLowerCase(),
  'base32 inside text': `id=${base32(Buffer.from(`xx${secret}yy`))}&x=1`,
  rot13: text(rot13(bytes)),
  'separated by dashes': secret.split('').join('-'),
  'separated by spaces': secret.split('').join(' '),
  'in groups of four, spaces': secret.replace(/(.{4})(?=.)/g, '$1 '),
  'in groups of three, dashes': secret.replace(/(.{3})(?=.)/g, '$1-'),
  'base64 in groups of eight': Buffer.from(secret)
    .toString('base64')
    .replace(/(.{8})(?=.)/g, '$1 '),
  'decimal character codes': [...bytes].join(','),
  'decimal codes, spaces': [...bytes].join(' '),
  'printf octal escapes': `printf '${[...bytes].map((x) => `\\${x.toString(8)}`).join('')}'`,
  'hex escapes': `echo -e "${[...bytes].map((x) => `\\x${x.toString(16)}`).join('')}"`,
  '0x list': `[${[...bytes].map((x) => `0x${x.toString(16)}`).join(', ')}]`,
  'JSON \\u escapes': `{"t":"${[...bytes].map((x) => `\\u${x.toString(16).padStart(4, '0')}`).join('')}"}`,
  'JavaScript \\u{} escapes': [...bytes].map((x) => `\\u{${x.toString(16)}}`).join(''),
  'HTML decimal references': [...bytes].map((x) => `&#${x};`).join(''),
  'HTML hex references': [...bytes].map((x) => `&#x${x.toString(16)};`).join(''),
};

describe('more encodings', () => {
  for (const [name, leaked] of Object.entries(FORMS))
    it(`finds a registered secret ${name}`, () => {
      const t = createFlowTracker();
      t.registerSecret(secret, 'k');
      expect(t.check('s', { body: `data: ${leaked}` }).hits).toHaveLength(1);
    });

  it('a secret split across two arguments of one call', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    const r = t.check('s', { a: secret.slice(0, 12), b: secret.slice(12) });
    expect(r.hits.map((h) => h.path)).toEqual(['args']);
  });

  it('a secret split across two outbound calls of one session, not of two sessions', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    expect(t.check('s', { body: secret.slice(0, 11) }).hits).toEqual([]);
    expect(t.check('other', { body: secret.slice(11) }).hits).toEqual([]);
    expect(t.check('s', { body: secret.slice(11) }).hits).toHaveLength(1);
  });

  it('persisted store: a split across two calls is joined through a reopened store, per session, sealed on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-tail-'));
    try {
      // each call in its own store handle, as one hook process per call opens it
      const call = (session: string, body: string) => {
        const s = FingerprintStore.open(dir);
        try {
          return s.check(session, { body }).hits;
        } finally {
          s.close();
        }
      };
      const first = FingerprintStore.open(dir);
      first.registerSecret(secret, 'k');
      first.close();
      expect(call('s', `note ${secret.slice(0, 11)}`)).toEqual([]);
      expect(call('other', secret.slice(11))).toEqual([]);
      expect(call('s', secret.slice(11)).map((h) => h.source.label)).toEqual(['k']);
      const db = readFileSync(join(dir, FLOW_DB_FILE)).toString('latin1');
      expect(db.includes(secret.slice(0, 11))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ordinary text with dashes, numbers and escapes is not a secret', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    for (const body of [
      'a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p',
      '1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13',
      'printf "\\033[1;31mred\\033[0m"',
      'npm run build -- --mode production',
      'released 2026-12-03 at 10:30 as v1.22.3 on node 20.11.1',
      'Fix the 12 open bugs in module a1 b2 c3 by Friday',
      'uuid 123e4567-e89b-12d3-a456-426614174000',
    ])
      expect([body, t.check('s', { body }).hits]).toEqual([body, []]);
  });
});

describe('text codecs: properties', () => {
  const b = fc.uint8Array({ minLength: 1, maxLength: 64 });
  it('rot13 is its own inverse', () => {
    fc.assert(
      fc.property(b, (x) => {
        expect(Buffer.from(rot13(rot13(x)))).toEqual(Buffer.from(x));
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('base32 decodes back (RFC 4648 §6) through a reference decoder', () => {
    const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    const decode = (s: string): Buffer => {
      let bits = 0;
      let v = 0;
      const out: number[] = [];
      for (const ch of s) {
        v = (v << 5) | abc.indexOf(ch);
        bits += 5;
        if (bits >= 8) {
          out.push((v >>> (bits - 8)) & 255);
          bits -= 8;
        }
      }
      return Buffer.from(out);
    };
    fc.assert(
      fc.property(b, (x) => {
        expect(decode(base32(x))).toEqual(Buffer.from(x));
      }),
      { numRuns: FC_RUNS },
    );
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
  it('groups of 2-8 characters split by one separator join back to the text', () => {
    const word = fc.stringMatching(/^[A-Za-z]{6,20}[0-9][A-Za-z0-9]{5,19}$/);
    fc.assert(
      fc.property(
        word,
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom('-', '.', ' ', ':'),
        (w, n, sep) => {
          const grouped = w.replace(new RegExp(`(.{${n}})(?=.)`, 'g'), `$1${sep}`);
          // a last group of one character is no group: the run ends before it
          if (w.length % n === 1) return;
          expect(unseparated(grouped)?.split('\u0000')).toContain(w);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
  it('separated and char-code spellings decode back to the text', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{12,40}$/);
    fc.assert(
      fc.property(word, fc.constantFrom('-', '.', ' ', ':'), (w, sep) => {
        expect(unseparated(w.split('').join(sep))).toBe(w);
        const codes = fromCharCodes([...Buffer.from(w)].map((c) => `\\${c.toString(8)}`).join(''));
        expect(Buffer.from(codes ?? []).toString('latin1')).toBe(`${w}\u0000`);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
