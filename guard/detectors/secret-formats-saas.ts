// Secret formats: SaaS, payments and AI-service tokens by their documented prefix and body shape.
import type { SecretPattern } from './secret-patterns.js';
import { format as f, prefixedGroup } from './secret-formats-group.js';
import { notPlaceholder, r3, r35, randomish, UUID } from './secret-validators.js';

/** UUID bodies are random by construction; only placeholders and repeated digits are refused. */
const uuidBody = (v: string): boolean => notPlaceholder(v) && randomish(3)(v.slice(-36));

export const SAAS_PATTERNS: readonly SecretPattern[] = [
  prefixedGroup('saas_token', [
    f('adafruit_key', 'aio_[A-Za-z0-9]{28}', r35),
    f('adobe_client_secret', 'p8e-[A-Za-z0-9_-]{32}', r35),
    f('airtable_pat', 'pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}', r3),
    // Asana personal access tokens: version, user id (and app id), then a 32-hex secret
    f('asana_pat', '[0-2]/\\d{13,16}(?:/\\d{13,16})?:[a-f0-9]{32}', r3),
    f('contentful_pat', 'CFPAT-[A-Za-z0-9_-]{43}', r35),
    f('duffel_token', 'duffel_(?:test|live)_[A-Za-z0-9_=-]{43}', r35),
    f('easypost_key', 'EZ[AT]K[A-Za-z0-9]{54}', r35),
    // Square production access tokens are `EAAA` and 60 more; Meta's are `EAA` and 100 or more
    f('square_access_token', 'EAAA[A-Za-z0-9_-]{60}', r35),
    f('facebook_access_token', 'EAA[A-Za-z0-9]{100,400}', r35),
    f('flutterwave_secret_key', 'FLWSECK(?:_TEST)?-[a-f0-9]{32}-X', r3),
    f('flutterwave_encryption_key', 'FLWSECK(?:_TEST)?[a-f0-9]{12}', r3),
    f('hubspot_token', `pat-(?:na|eu|ap)\\d-${UUID}`, uuidBody),
    f('plaid_access_token', `access-(?:sandbox|development|production)-${UUID}`, uuidBody),
    f('notion_token', '(?:ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})', randomish(4)),
    f('sendinblue_key', 'x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}', r3),
    f('shippo_token', 'shippo_(?:live|test)_[a-f0-9]{40}', r3),
    f('typeform_token', 'tfp_[A-Za-z0-9_.=-]{59}', r35),
    // an app-only bearer token opens with 22 `A`s, then its percent-encoded body
    f('twitter_bearer_token', 'A{22}[A-Za-z0-9%]{80,120}', (v) => r35(v.slice(22))),
    f('perplexity_key', 'pplx-[A-Za-z0-9]{48}', r35),
    f('openrouter_key', 'sk-or-v1-[a-f0-9]{64}', r3),
    f('langsmith_key', 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}', r3),
    f('tavily_key', 'tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}', r35),
    f('clickhouse_cloud_secret', '4b1d[A-Za-z0-9]{38}', r35),
    f('intra42_secret', 's-s4t2(?:ud|af)-[a-f0-9]{64}', r3),
    // Authress service client access keys: client id, key id, account, then the private key
    f(
      'authress_key',
      '(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\\.[a-z0-9]{4,6}\\.acc[_-][a-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}',
      r35,
    ),
    // Slack's legacy formats: a bot token with one id, and the `xoxo`/`xoxs` workspace tokens
    f(
      'slack_legacy_token',
      '(?:xoxb-\\d{8,14}-[A-Za-z0-9]{18,26}|xox[os]-\\d{1,14}-\\d{1,14}-\\d{1,14}-[a-fA-F0-9]{10,64})',
      r35,
    ),
    f('dropbox_short_lived_token', 'sl\\.[A-Za-z0-9_-]{130,1400}', randomish(4)),
  ]),
];
