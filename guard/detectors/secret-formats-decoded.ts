// Secret formats whose body carries a decodable structure (base64 of JSON, of a prefix, of an id),
// validated by decoding it, so a look-alike of the right alphabet and length stays allowed.
import type { SecretPattern } from './secret-patterns.js';
import { jsonWith, jwtValid, prefixed as p, r35, unbase64 } from './secret-validators.js';

/** A Discord bot token opens with the bot's user id (a 17-20 digit snowflake) in base64. */
function discordValid(v: string): boolean {
  const [id = '', , hmac = ''] = v.split('.');
  return /^\d{17,20}$/.test(unbase64(id)) && r35(hmac);
}

/** A base64 wrapping of a JWT (RFC 7519) whose header names a signing algorithm. */
function encodedJwtValid(v: string): boolean {
  const jwt = unbase64(v).trim();
  return /^eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16,}$/.test(jwt) && jwtValid(jwt);
}

export const DECODED_PATTERNS: readonly SecretPattern[] = [
  p(
    'discord_bot_token',
    '[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}',
    discordValid,
  ),
  // Grafana's legacy API keys are base64 of {"k":...,"n":...,"id":...}
  p('grafana_token', 'eyJrIjoi[A-Za-z0-9+/_-]{40,200}={0,2}', (v) => jsonWith(v, ['k', 'n', 'id'])),
  // Mapbox secret tokens: `sk.`, a base64url JSON naming the user, then the secret
  p(
    'mapbox_secret_token',
    'sk\\.eyJ[A-Za-z0-9_-]{10,200}\\.[A-Za-z0-9_-]{20,30}',
    (v) => jsonWith(v.split('.')[1] ?? '', ['u']) && r35(v.split('.')[2] ?? ''),
  ),
  // Intercom access tokens are base64 of `tok:` and the token
  p('intercom_token', 'dG9rO[A-Za-z0-9+/_-]{50,70}={0,2}', (v) => unbase64(v).startsWith('tok:')),
  p('encoded_jwt', 'ZXlK[A-Za-z0-9+/]{60,2000}={0,2}', encodedJwtValid),
  // 1Password service account tokens: `ops_` and base64 of a JSON sign-in document
  p('onepassword_service_token', 'ops_eyJ[A-Za-z0-9+/_-]{100,1200}={0,2}', (v) =>
    jsonWith(v.slice(4), []),
  ),
  // Amazon Bedrock API keys: long-lived ones are base64 of `BedrockAPIKey-...`, short-lived ones
  // base64 of a presigned bedrock.amazonaws.com URL
  p('aws_bedrock_api_key', 'ABSK[A-Za-z0-9+/]{60,400}={0,2}', (v) =>
    unbase64(v.slice(4)).startsWith('BedrockAPIKey-'),
  ),
  p(
    'aws_bedrock_api_key',
    'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/_-]{40,4000}={0,2}',
    (v) => unbase64(v.slice(16)).includes('X-Amz-'),
  ),
];
