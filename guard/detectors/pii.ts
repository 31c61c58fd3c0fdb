// `pii`: personal data with validators (card numbers by Luhn and IIN, US SSNs by issuance rules, IBANs by mod-97).
import { eachString } from '../rules/field.js';
import { mask, type Detector, type Finding } from './detector.js';
import { ibanValid, luhn } from './checksums.js';
import { checkKeys, enumParam, listParam } from './params.js';

const KINDS = ['card', 'ssn', 'iban', 'email'] as const;
type Kind = (typeof KINDS)[number];

interface PiiParams {
  mode: 'block' | 'redact';
  kinds: Set<Kind>;
}

interface PiiMatch {
  kind: Kind;
  start: number;
  end: number;
  value: string;
}

/** Card numbers the payment networks publish for testing: not personal data. */
const TEST_CARDS = new Set([
  '4242424242424242',
  '4111111111111111',
  '4012888888881881',
  '5555555555554444',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3530111333300000',
  '4000056655665556',
  '2223003122003222',
  '4000000000000002',
  '4000000000009995',
]);

const IIN = /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|6(?:011|5|4[4-9])|35)/;

/**
 * Each kind's pattern and validator, and what every match of the pattern holds: `digits` ASCII
 * digits at least (`\d` is ASCII in these patterns), `mark` a character. A text short of it is not
 * scanned for that kind: most texts hold a few digits at most.
 */
export const PII_SCANNERS: Readonly<
  Record<Kind, { re: RegExp; valid: (v: string) => boolean; digits: number; mark?: string }>
> = {
  card: {
    digits: 13,
    re: /(?<![\d-])(\d(?:[ -]?\d){12,18})(?![\d-])/g,
    valid: (v) => {
      const d = v.replace(/[ -]/g, '');
      return d.length >= 13 && d.length <= 19 && IIN.test(d) && luhn(d) && !TEST_CARDS.has(d);
    },
  },
  ssn: {
    digits: 9,
    re: /(?<![\d-])(\d{3}-\d{2}-\d{4})(?![\d-])/g,
    valid: (v) => {
      const [a = '', g = '', s = ''] = v.split('-');
      return (
        a !== '000' &&
        a !== '666' &&
        a[0] !== '9' &&
        g !== '00' &&
        s !== '0000' &&
        v !== '123-45-6789'
      );
    },
  },
  iban: {
    digits: 2,
    re: /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/g,
    valid: ibanValid,
  },
  email: {
    digits: 0,
    mark: '@',
    re: /\b([A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,200}\.[A-Za-z]{2,24})\b/g,
    valid: (v) => !/@(?:example\.(?:com|org|net)|users\.noreply\.github\.com|localhost)$/i.test(v),
  },
};

/** The ASCII digits in `text`, counted up to `cap`. */
function digitsUpTo(text: string, cap: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < cap; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

export function findPii(text: string, kinds: ReadonlySet<Kind>): PiiMatch[] {
  const out: PiiMatch[] = [];
  let digits = -1;
  for (const kind of kinds) {
    const { re, valid, digits: least, mark } = PII_SCANNERS[kind];
    if (mark !== undefined && !text.includes(mark)) continue;
    if (least > 0 && (digits < 0 ? (digits = digitsUpTo(text, 13)) : digits) < least) continue;
    const r = re;
    r.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = r.exec(text)) !== null && out.length < 256) {
      const value = m[1] ?? m[0];
      if (valid(value)) out.push({ kind, start: m.index, end: m.index + value.length, value });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export const piiDetector: Detector<PiiParams> = {
  name: 'pii',
  rewrites: (p) => p.mode === 'redact',
  parseParams(params, path) {
    const p = checkKeys(params, ['mode', 'kinds'], path);
    return {
      mode: enumParam(p, 'mode', ['block', 'redact'], 'block', path),
      kinds: new Set((listParam(p, 'kinds', path, KINDS) ?? ['card', 'ssn', 'iban']) as Kind[]),
    };
  },
  scan(value, path, _ctx, params) {
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      const ms = findPii(s, params.kinds);
      const first = ms[0];
      if (first === undefined) return;
      const f: Finding = { path: at, reason: `${first.kind} ${mask(first.value)}` };
      if (params.mode === 'redact') {
        let out = '';
        let pos = 0;
        for (const m of ms) {
          if (m.start < pos) continue;
          out += `${s.slice(pos, m.start)}[REDACTED:${m.kind}]`;
          pos = m.end;
        }
        f.rewrite = out + s.slice(pos);
      }
      findings.push(f);
    });
    return findings;
  },
};
