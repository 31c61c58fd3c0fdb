// Why receipts keep their own encoder: common's (TUF's) canonical JSON cannot carry every value a
// receipt hashes, and where both encode a value they may give other bytes, so receipt hashes, rule
// hashes and admission digests already stored would no longer verify under it.
import { describe, expect, it } from 'vitest';
import { canonicalString, CanonicalJsonError, type JsonValue } from '../../../common/index.js';
import { canonicalJson } from '../../../guard/index.js';

describe("receipt canonical JSON against common's", () => {
  it.each([
    ['a float in tool input', { timeout: 1.5 }],
    ['a dropped undefined field', { a: 1, b: undefined }],
  ])('common refuses %s, receipts encode it', (_name, v) => {
    expect(() => canonicalString(v as unknown as JsonValue)).toThrow(CanonicalJsonError);
    expect(canonicalJson(v)).toMatch(/^\{/);
  });

  it.each([
    ['a newline in a command', { command: 'ls\nrm -rf /' }, '{"command":"ls\\nrm -rf /"}'],
    ['a control character', { s: '\u0001' }, '{"s":"\\u0001"}'],
    ['keys beyond the BMP', { '\u{1F600}': 1, '\uFFFF': 2 }, '{"\u{1F600}":1,"\uFFFF":2}'],
  ])('the encodings differ for %s', (_name, v, receiptText) => {
    expect(canonicalJson(v)).toBe(receiptText);
    expect(canonicalString(v)).not.toBe(receiptText);
  });
});
