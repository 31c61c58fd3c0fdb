// Secret formats: each a linear pattern plus a validator (checksum where the format has one).
import { entropy, validTokenChecksum } from './checksums.js';

export interface SecretPattern {
  kind: string;
  /** Global, linear-time pattern; `value` is group 1 when present, else the whole match. */
  re: RegExp;
  valid: (value: string, match: RegExpExecArray) => boolean;
}

const PLACEHOLDER =
  /(?:example|sample|dummy|placeholder|changeme|your[_-]?|xxxx|\*\*\*|<[^>]*>|\$\{|\{\{|redacted|fake|test(?:ing)?[_-]?(?:key|token|secret)|0000000|1234567|abcdef|process\.env|os\.environ)/i;
const notPlaceholder = (v: string): boolean => !PLACEHOLDER.test(v) && !/^(.)\1+$/.test(v);

function jwtValid(v: string): boolean {
  const head = v.split('.')[0] ?? '';
  try {
    const doc = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as unknown;
    return typeof doc === 'object' && doc !== null && 'alg' in doc && doc.alg !== 'none';
  } catch {
    return false;
  }
}

const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|db|postgres|mysql|redis|mongo)$/i;
const WEAK_PASSWORDS = new Set([
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
]);

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'github_token',
    re: /\b(gh[pousr]_[A-Za-z0-9]{36})\b/g,
    valid: (v) => validTokenChecksum(v.slice(4)),
  },
  {
    kind: 'github_pat',
    re: /\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\b/g,
    valid: (v) => entropy(v) > 4,
  },
  {
    kind: 'npm_token',
    re: /\b(npm_[A-Za-z0-9]{36})\b/g,
    valid: (v) => validTokenChecksum(v.slice(4)),
  },
  {
    kind: 'aws_access_key_id',
    re: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    valid: (v) => notPlaceholder(v) && entropy(v.slice(4)) > 3,
  },
  {
    kind: 'aws_secret_access_key',
    re: /(?:aws_secret_access_key|secret_access_key|AWS_SECRET_ACCESS_KEY|SecretAccessKey)["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/g,
    valid: (v) => notPlaceholder(v) && entropy(v) > 4,
  },
  {
    kind: 'slack_token',
    re: /\b(xox[baprs]-\d{10,13}-\d{10,13}(?:-[A-Za-z0-9]{10,48})?)\b/g,
    valid: notPlaceholder,
  },
  {
    kind: 'slack_webhook',
    re: /(https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{20,32})/g,
    valid: notPlaceholder,
  },
  { kind: 'stripe_key', re: /\b((?:sk|rk)_live_[0-9a-zA-Z]{24,99})\b/g, valid: notPlaceholder },
  {
    kind: 'google_api_key',
    re: /\b(AIza[0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/g,
    valid: (v) => notPlaceholder(v) && entropy(v) > 3.5,
  },
  {
    kind: 'openai_key',
    re: /\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,})/g,
    valid: notPlaceholder,
  },
  {
    kind: 'openai_project_key',
    re: /\b(sk-proj-[A-Za-z0-9_-]{80,})/g,
    valid: (v) => notPlaceholder(v) && entropy(v) > 4,
  },
  {
    kind: 'anthropic_key',
    re: /\b(sk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,})/g,
    valid: notPlaceholder,
  },
  {
    kind: 'gitlab_token',
    re: /\b(glpat-[A-Za-z0-9_-]{20,})\b/g,
    valid: (v) => notPlaceholder(v) && entropy(v) > 3.5,
  },
  { kind: 'pypi_token', re: /\b(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})/g, valid: notPlaceholder },
  {
    kind: 'private_key',
    re: /(-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----)/g,
    valid: () => true,
  },
  {
    kind: 'jwt',
    re: /\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,})/g,
    valid: jwtValid,
  },
  {
    kind: 'url_credential',
    re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"']{1,64}:([^\s:/@"']{6,128})@([^\s/:"'?#]+)/g,
    valid: (v, m) =>
      notPlaceholder(v) && !WEAK_PASSWORDS.has(v.toLowerCase()) && !LOCAL_HOST.test(m[2] ?? ''),
  },
  {
    kind: 'assigned_secret',
    re: /\b(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key)["']?\s*[:=]\s*["']([^"'\s]{16,200})["']/gi,
    valid: (v) => notPlaceholder(v) && entropy(v) >= 3.5 && /\d/.test(v) && /[A-Za-z]/.test(v),
  },
];
