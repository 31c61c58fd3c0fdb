// Flow and taint: a value that is itself text encoded (HTTP Basic credentials `base64(user:pass)`, a
// Kubernetes Secret's base64 `data:` values, a hex-encoded password) leaves decoded as readily as
// encoded; its decoded text and that text's tokens are looked for as the value too (docs/guard.md
// "Flow and taint"). Random tokens decode to bytes that are not text, so they add nothing.
import type { FlowLimits } from './flow-limits.js';
import { prefixParts } from './prefixed-values.js';
import { resultTokens, taintRefusal } from './taint-policy.js';

/** Longest value decoded: credentials and secret fields, not files. */
const MAX_ENCODED = 1024;
const BASE64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;
const HEX = /^(?:[0-9a-fA-F]{2}){12,}$/;
/** Printable ASCII with tab and line ends: text, never random bytes (about 0.37^n by chance). */
const TEXT = /^[\x20-\x7e\t\r\n]+$/;

function decoded(value: string): string | null {
  if (value.length > MAX_ENCODED) return null;
  let bytes: Buffer | null = null;
  if (HEX.test(value)) bytes = Buffer.from(value, 'hex');
  else if (BASE64.test(value) && value.replace(/=+$/, '').length % 4 !== 1)
    bytes = Buffer.from(value, 'base64');
  if (bytes === null) return null;
  const text = bytes.toString('latin1');
  return TEXT.test(text) ? text : null;
}

/**
 * The decoded forms of `value` taint also looks for under the value's identity: the decoded text,
 * each of its tokens (as taint-policy.ts takes a result's) and a token's format-prefix parts, each
 * kept only when it may be taint alone.
 */
export function decodedParts(value: string, limits: FlowLimits): string[] {
  const text = decoded(value);
  if (text === null) return [];
  const parts = new Set<string>([text.trim()]);
  // its fields as a sensitive result's tokens are taken: names, hosts and word keys are no value
  for (const field of resultTokens(text, limits, 64)) {
    parts.add(field);
    for (const p of prefixParts(field, limits)) parts.add(p);
  }
  return [...parts].filter((p) => p !== value && taintRefusal(p, limits) === null);
}

/** Every other form of `value` looked for as the value: its prefix parts and decoded parts. */
export function valueParts(value: string, limits: FlowLimits): string[] {
  const decodedForms = decodedParts(value, limits);
  const prefixForms = prefixParts(value, limits);
  return decodedForms.length === 0 ? prefixForms : [...new Set([...prefixForms, ...decodedForms])];
}
