// Secret formats: each a linear pattern plus a validator (checksum where the format has one).
import { STRUCTURED_PATTERNS } from './secret-formats-structured.js';
import { VENDOR_PATTERNS } from './secret-formats-vendor.js';

export interface SecretPattern {
  kind: string;
  /** Global, linear-time pattern; `value` is group 1 when present, else the whole match. */
  re: RegExp;
  valid: (value: string, match: RegExpExecArray) => boolean;
}

/**
 * Every built-in format: vendor-prefixed tokens first, then structural ones. A match is a secret only
 * when its validator agrees (checksum, entropy, no placeholder), so look-alikes stay allowed.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  ...VENDOR_PATTERNS,
  ...STRUCTURED_PATTERNS,
];
