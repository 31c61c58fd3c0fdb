// Secret formats: each a linear pattern plus a validator (checksum where the format has one).
import { POSITIONAL_PATTERNS } from './secret-formats-positional.js';
import { ASSIGNED_PATTERNS } from './secret-formats-assigned.js';
import { CLOUD_PATTERNS } from './secret-formats-cloud.js';
import { DECODED_PATTERNS } from './secret-formats-decoded.js';
import { DEVTOOLS_PATTERNS } from './secret-formats-devtools.js';
import { KEYED_PATTERNS } from './secret-formats-keyed.js';
import { PAIRED_PATTERNS } from './secret-formats-paired.js';
import { SAAS_PATTERNS } from './secret-formats-saas.js';
import { STRUCTURED_PATTERNS } from './secret-formats-structured.js';
import { VENDOR_PATTERNS } from './secret-formats-vendor.js';

export interface SecretPattern {
  kind: string;
  /** Global, linear-time pattern; `value` is group 1 when present, else the whole match. */
  re: RegExp;
  valid: (value: string, match: RegExpExecArray) => boolean;
  /** For a pattern that stands for a group of formats: their names (the services). */
  formats?: readonly string[];
}

/**
 * Every built-in format: vendor-prefixed tokens first, then decodable and structural ones, then the
 * services found only by an assignment's name. A match is a secret only when its validator agrees
 * (checksum, decoded structure, entropy, no placeholder), so look-alikes stay allowed.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  ...VENDOR_PATTERNS,
  ...DEVTOOLS_PATTERNS,
  ...SAAS_PATTERNS,
  ...CLOUD_PATTERNS,
  ...DECODED_PATTERNS,
  ...STRUCTURED_PATTERNS,
  ...PAIRED_PATTERNS,
  ...KEYED_PATTERNS,
  ...ASSIGNED_PATTERNS,
  ...POSITIONAL_PATTERNS,
];
