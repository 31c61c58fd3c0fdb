// The fields every role's "signed" object shares (TUF 1.0.34 §4.2): _type, spec_version, version, expires.
import { parseExpires } from '../dates.js';
import { TufError } from '../errors.js';
import type { JsonObject } from '../json.js';
import { SPEC_VERSION } from '../version.js';
import { int, str } from './fields.js';

export type RoleType = 'root' | 'timestamp' | 'snapshot' | 'targets';

export interface SignedCommon {
  type: RoleType;
  specVersion: string;
  version: number;
  /** As written; `expiresMs` is the parsed instant. */
  expires: string;
  expiresMs: number;
}

export const COMMON_FIELDS = ['_type', 'spec_version', 'version', 'expires'] as const;

/** Same major version as ours, as §4.2 says clients accept; this value is attacker-controlled. */
function checkSpecVersion(v: string): void {
  const parts = v.split('.');
  const ours = SPEC_VERSION.split('.')[0];
  if (
    parts.length < 2 ||
    parts.length > 3 ||
    parts.some((p) => !/^\d+$/.test(p)) ||
    parts[0] !== ours
  ) {
    throw new TufError('spec_version_unsupported', `spec_version ${v} is not ${ours}.x`);
  }
}

export function parseCommon(o: JsonObject, expected: RoleType): SignedCommon {
  const type = str(o, '_type', expected);
  if (type !== expected) {
    throw new TufError('metadata_type_mismatch', `expected _type ${expected}, got ${type}`);
  }
  const specVersion = str(o, 'spec_version', expected);
  checkSpecVersion(specVersion);
  const expires = str(o, 'expires', expected);
  return {
    type: expected,
    specVersion,
    version: int(o, 'version', expected, 1),
    expires,
    expiresMs: parseExpires(expires),
  };
}

export function commonToJson(c: SignedCommon): JsonObject {
  return { _type: c.type, spec_version: c.specVersion, version: c.version, expires: c.expires };
}

export function isExpired(c: SignedCommon, nowMs: number): boolean {
  return c.expiresMs <= nowMs;
}
