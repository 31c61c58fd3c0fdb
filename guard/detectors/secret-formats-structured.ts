// Secret formats: credentials recognised by their structure: webhook URLs (also url-encoded), URLs
// with a password (RFC 3986 §3.2.1, empty user included), connection strings, key material (PEM,
// RFC 7468; base64 of PEM; JWK private members, RFC 7518 §6), JWTs, HTTP credentials.
import { entropy } from './checksums.js';
import type { SecretPattern } from './secret-patterns.js';
import { redactedKeyBlock } from './secret-fixture-values.js';
import {
  basicAuthValid,
  encodedPemValid,
  jwtValid,
  LOCAL_HOST,
  notPlaceholder,
  randomish,
  WEAK_PASSWORDS,
} from './secret-validators.js';

/** `/` or its percent-encoding, so a webhook pasted into a query string is still one. */
const S = '(?:/|%2[Ff])';
const C = '(?::|%3[Aa])';

export const STRUCTURED_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'aws_secret_access_key',
    re: /(?:aws_secret_access_key|secret_access_key|AWS_SECRET_ACCESS_KEY|SecretAccessKey)["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/g,
    valid: randomish(4),
  },
  {
    kind: 'slack_webhook',
    re: new RegExp(
      `(https${C}${S}${S}hooks\\.slack\\.com${S}(?:services|workflows|triggers)${S}T[A-Z0-9]{8,12}${S}[AB][A-Z0-9]{8,12}${S}[A-Za-z0-9]{20,32})`,
      'g',
    ),
    valid: notPlaceholder,
  },
  {
    kind: 'discord_webhook',
    re: new RegExp(
      `(https${C}${S}${S}(?:ptb\\.|canary\\.)?discord(?:app)?\\.com${S}api${S}webhooks${S}\\d{17,20}${S}[A-Za-z0-9_-]{60,68})`,
      'g',
    ),
    valid: notPlaceholder,
  },
  {
    kind: 'teams_webhook',
    re: new RegExp(
      `(https${C}${S}${S}[a-z0-9-]{1,63}\\.webhook\\.office\\.com${S}webhookb2${S}[a-f0-9-]{36}@[a-f0-9-]{36}${S}IncomingWebhook${S}[a-f0-9]{32}${S}[a-f0-9-]{36})`,
      'g',
    ),
    valid: notPlaceholder,
  },
  {
    kind: 'url_credential',
    re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"']{0,64}:([^\s:/@"']{6,128})@([^\s/:"'?#]+)/g,
    valid: (v, m) =>
      notPlaceholder(v) &&
      !WEAK_PASSWORDS.has(v.toLowerCase()) &&
      !/^\$|^%\(/.test(v) &&
      !LOCAL_HOST.test(m[2] ?? ''),
  },
  {
    kind: 'azure_storage_key',
    re: /(?:AccountKey|SharedAccessKey|PrimaryKey|SecondaryKey)\s*=\s*([A-Za-z0-9+/]{40,88}={0,2})/g,
    valid: randomish(4),
  },
  {
    kind: 'azure_sas_token',
    re: /[?&]sv=\d{4}-\d{2}-\d{2}&[^\s"'<>]{0,300}?\bsig=([A-Za-z0-9%+/=]{40,100})/g,
    valid: randomish(4),
  },
  {
    kind: 'private_key',
    re: /(-----BEGIN [A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----)/g,
    valid: (_, m) => !redactedKeyBlock(m.input, m.index + m[0].length),
  },
  {
    kind: 'private_key',
    re: /(PuTTY-User-Key-File-\d: [a-z0-9-]{3,40})/g,
    valid: () => true,
  },
  {
    kind: 'encoded_private_key',
    re: /(?<![A-Za-z0-9+/_-])(LS0tLS1CRUdJTi[A-Za-z0-9+/_-]{40,}={0,2})/g,
    valid: encodedPemValid,
  },
  {
    kind: 'jwk_private_key',
    re: /"(?:d|p|q|dp|dq|qi|k)"\s*:\s*"([A-Za-z0-9_-]{32,700})"/g,
    valid: (v, m) =>
      randomish(4)(v) &&
      /"kty"\s*:\s*"(?:RSA|EC|OKP|oct)"/.test(
        m.input.slice(Math.max(0, m.index - 2048), m.index + 2048),
      ),
  },
  {
    kind: 'jwt',
    re: /\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,})/g,
    valid: jwtValid,
  },
  {
    kind: 'http_bearer_token',
    re: /\bAuthorization["']?\s*[:=]\s*["']?Bearer\s+([A-Za-z0-9._~+/-]{20,500}=*)/gi,
    valid: (v) => notPlaceholder(v) && entropy(v) > 3.5 && /\d/.test(v),
  },
  {
    kind: 'http_basic_credentials',
    re: /\bAuthorization["']?\s*[:=]\s*["']?Basic\s+([A-Za-z0-9+/]{8,300}={0,2})/gi,
    valid: basicAuthValid,
  },
  {
    // Basic-style registry credentials: Docker's config.json `"auth": base64(user:token)` (also
    // inside escaped JSON) and npm's `_auth=base64(user:password)` in .npmrc
    kind: 'registry_auth',
    re: /(?:\\?"auth\\?"\s*:\s*\\?"|\b_auth\s*=\s*["']?)([A-Za-z0-9+/]{8,400}={0,2})(?![A-Za-z0-9+/=])/g,
    valid: basicAuthValid,
  },
];
