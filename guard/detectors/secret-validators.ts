// Secret formats: the validators that separate real credentials from placeholders and look-alikes.
import { entropy } from './checksums.js';
import type { SecretPattern } from './secret-patterns.js';
import { fixtureValue } from './secret-fixture-values.js';
import { publishedSigner } from './secret-published-jwt.js';

const PLACEHOLDER =
  /(?:example|sample|dummy|placeholder|changeme|your[_-]?|xxxx|\*\*\*|<[^>]*>|\$\{|\{\{|redacted|fake|test(?:ing)?[_-]?(?:key|token|secret)|0000000|1234567|abcdef|process\.env|os\.environ)/i;

/**
 * Keys a vendor publishes in its own documentation for everyone to paste (Stripe's API reference
 * test keys): they open no account of the user's, so they are examples, not credentials.
 */
const DOCUMENTED_KEYS = new Set([
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  'pk_test_6pRNASCoBOKtIshFeQd4XMUh',
]);

/** Not a documentation placeholder or key, a template variable or one repeated character. */
export const notPlaceholder = (v: string): boolean =>
  !PLACEHOLDER.test(v) && !/^(.)\1+$/.test(v) && !DOCUMENTED_KEYS.has(v) && !fixtureValue(v);

/** Not a placeholder and at least `bits` of Shannon entropy per character (a random body). */
export const randomish =
  (bits: number) =>
  (v: string): boolean =>
    notPlaceholder(v) && entropy(v) > bits;

/** The two bodies most token formats check: random at 3 and at 3.5 bits per character. */
export const r3 = randomish(3);
export const r35 = randomish(3.5);

/** The payload of the example token documentation everywhere copies (jwt.io's "John Doe"). */
const EXAMPLE_JWT_PAYLOAD = /"sub"\s*:\s*"1234567890"[\s\S]*"name"\s*:\s*"John Doe"/;

/**
 * A signature that decodes to printable text (`test-signature-not-real`) was typed by a person: an
 * HMAC or RSA signature is random bytes, all of them printable about once in 10^13 (RFC 7515 §5.1).
 */
function typedSignature(sig: string): boolean {
  const bytes = Buffer.from(sig, 'base64url');
  return bytes.length > 0 && bytes.every((b) => b >= 0x20 && b < 0x7f);
}

/**
 * A JWT whose header is JSON naming a signing algorithm other than `none` (RFC 7519 §7.2), signed
 * with bytes no person typed, that is not the documentation's example token nor signed with a
 * published secret.
 */
export function jwtValid(v: string): boolean {
  const [head = '', payload = '', sig = ''] = v.split('.');
  try {
    const doc = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as unknown;
    if (typeof doc !== 'object' || doc === null || !('alg' in doc) || doc.alg === 'none')
      return false;
    if (publishedSigner(doc.alg, head, payload, sig)) return false;
  } catch {
    return false;
  }
  if (typedSignature(sig)) return false;
  return !EXAMPLE_JWT_PAYLOAD.test(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** A base64 or base64url blob whose decoded start is a PEM private key header (RFC 7468 §2). */
export function encodedPemValid(v: string): boolean {
  const head = Buffer.from(v.slice(0, 96), 'base64').toString('latin1');
  return /^-----BEGIN [A-Z ]{0,30}PRIVATE KEY-----/.test(head);
}

/** Basic credentials (RFC 7617 §2): base64 of `user:password` with a non-trivial password. */
export function basicAuthValid(v: string): boolean {
  const text = Buffer.from(v, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0 || !/^[\x20-\x7e]+$/.test(text)) return false;
  const password = text.slice(colon + 1);
  return password.length >= 6 && notPlaceholder(password) && !WEAK_PASSWORDS.has(password);
}

/**
 * Slack tokens: `xox?-` then numeric workspace and user/bot ids, then a secret segment of 24 (bot),
 * 32 (user, legacy) or 64 hex characters; ids that are not 10-13 digits are look-alikes.
 */
export function slackValid(v: string): boolean {
  const parts = v.split('-');
  const ids = parts.slice(1, -1);
  const secret = parts[parts.length - 1] ?? '';
  if (ids.length < 2 || !ids.every((p) => /^\d{10,13}$/.test(p))) return false;
  return (
    notPlaceholder(v) &&
    (/^[A-Za-z0-9]{24}$/.test(secret) ||
      /^[a-f0-9]{32}$/.test(secret) ||
      /^[a-f0-9]{64}$/.test(secret)) &&
    entropy(secret) > 3.5
  );
}

export const LOCAL_HOST =
  /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|db|postgres|mysql|redis|mongo|host)$/i;

export const WEAK_PASSWORDS = new Set([
  'password',
  'postgres',
  'root',
  'admin',
  'example',
  'secret',
  'changeme',
  'pass',
  'test',
  'user',
  'guest',
  'mysql',
  'redis',
  'passw0rd',
]);

/** A token with a documented prefix and body: it must start and end at a base64url boundary. */
export const prefixed = (
  kind: string,
  body: string,
  valid: SecretPattern['valid'],
): SecretPattern => ({
  kind,
  re: new RegExp(`(?<![A-Za-z0-9_-])(${body})(?![A-Za-z0-9_-])`, 'g'),
  valid,
});

/** Letters and digits mixed, not a placeholder, at least `bits` of entropy per character. */
export const mixed =
  (bits: number) =>
  (v: string): boolean =>
    randomish(bits)(v) && /\d/.test(v) && /[A-Za-z]/.test(v);

/** Decoded base64 or base64url text (Node decodes both alphabets). */
export const unbase64 = (v: string): string => Buffer.from(v, 'base64').toString('latin1');

/** `v` decodes to a JSON object that has every one of `keys`. */
export function jsonWith(v: string, keys: readonly string[]): boolean {
  try {
    const doc = JSON.parse(Buffer.from(v, 'base64').toString('utf8')) as unknown;
    return typeof doc === 'object' && doc !== null && keys.every((k) => k in doc);
  } catch {
    return false;
  }
}

/** A UUID (RFC 9562 §4), either letter case. */
export const UUID = '[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}';
