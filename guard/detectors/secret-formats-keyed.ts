// Secret formats for services whose keys have no distinctive shape (bare hex, base64 or a UUID of
// some length): found only where a name says the service and a credential word, never by shape
// alone, so ordinary hashes and ids stay allowed.
import type { SecretPattern } from './secret-patterns.js';
import { keyedGroup, type KeyedFormat } from './secret-formats-group.js';
import { UUID } from './secret-validators.js';

const k = (name: string, words: readonly string[], value: string): KeyedFormat => ({
  name,
  words,
  value,
});

const HEX32 = '[a-f0-9]{32}';

export const KEYED_PATTERNS: readonly SecretPattern[] = [
  keyedGroup('service_credential', [
    k('airtable_api_key', ['airtable'], 'key[A-Za-z0-9]{14}'),
    k('algolia_key', ['algolia'], HEX32),
    k('alibaba_secret_key', ['alibaba', 'aliyun'], '[A-Za-z0-9]{30}'),
    k('asana_client_secret', ['asana'], '[a-z0-9]{32}'),
    k('beamer_token', ['beamer'], 'b_[A-Za-z0-9=_-]{44}'),
    k('bitbucket_client_secret', ['bitbucket'], '[A-Za-z0-9=_-]{64}'),
    k('bittrex_key', ['bittrex'], '[A-Za-z0-9]{32}'),
    k('cisco_meraki_key', ['meraki'], '[a-f0-9]{40}'),
    k('cloudflare_api_key', ['cloudflare', 'cf_api'], '(?:[a-f0-9]{37}|[A-Za-z0-9_-]{40})'),
    k('codecov_token', ['codecov'], `(?:${UUID}|[a-z0-9]{32})`),
    k('cohere_key', ['cohere', 'co_api'], '[A-Za-z0-9]{40}'),
    k('coinbase_token', ['coinbase'], '[A-Za-z0-9_-]{64}'),
    k('confluent_secret', ['confluent'], '(?:[A-Za-z0-9+/]{64}|[A-Z0-9]{16})'),
    k('contentful_token', ['contentful'], '[A-Za-z0-9=_-]{43}'),
    k('datadog_key', ['datadog', 'dd_api', 'dd_app'], '(?:[a-f0-9]{32}|[a-f0-9]{40})'),
    k('discord_client_secret', ['discord'], '[A-Za-z0-9=_-]{32}'),
    k('droneci_token', ['drone'], '[A-Za-z0-9]{32}'),
    k('dropbox_long_lived_token', ['dropbox'], '[a-z0-9]{11}A{10}[A-Za-z0-9_=-]{43}'),
    k('etsy_token', ['etsy'], '[a-z0-9]{24}'),
    k('facebook_secret', ['facebook', 'fb_app'], HEX32),
    k('fastly_token', ['fastly'], '[A-Za-z0-9_-]{32}'),
    k('finicity_secret', ['finicity'], '(?:[a-z0-9]{20}|[a-f0-9]{32})'),
    k('finnhub_token', ['finnhub'], '[a-z0-9]{20}'),
    k('flickr_key', ['flickr'], '[a-z0-9]{32}'),
    k('freshbooks_token', ['freshbooks'], '[a-z0-9]{64}'),
    k('gitter_token', ['gitter'], '[a-z0-9_-]{40}'),
    k('gocardless_token', ['gocardless'], '(?:live|sandbox)_[A-Za-z0-9_=-]{40}'),
    k('heroku_legacy_key', ['heroku'], UUID),
    k('hubspot_key', ['hubspot'], UUID),
    k('jfrog_identity_token', ['jfrog', 'artifactory'], '[a-z0-9]{64}'),
    k('kraken_key', ['kraken'], '[A-Za-z0-9/=+_-]{80,90}'),
    k('kucoin_secret', ['kucoin'], `(?:${UUID}|[a-f0-9]{24})`),
    k('launchdarkly_key', ['launchdarkly', 'ld_'], `(?:api|sdk|mob)-${UUID}`),
    k('linear_client_secret', ['linear'], HEX32),
    k('linkedin_client_secret', ['linkedin'], '[A-Za-z0-9]{16}'),
    k('lob_key', ['lob'], '(?:live|test)_[a-f0-9]{35}'),
    k('looker_client_secret', ['looker'], '[A-Za-z0-9]{24}'),
    k('mailgun_signing_key', ['mailgun'], '[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}'),
    k('mattermost_token', ['mattermost'], '[a-z0-9]{26}'),
    k('messagebird_key', ['messagebird', 'message_bird'], '[A-Za-z0-9]{25}'),
    k('netlify_legacy_token', ['netlify'], '[A-Za-z0-9_-]{40,46}'),
    k('nytimes_token', ['nytimes', 'nyt_'], '[A-Za-z0-9=_-]{32}'),
    k('okta_token', ['okta'], '00[A-Za-z0-9_-]{40}'),
    k('plaid_secret', ['plaid'], '[a-f0-9]{30}'),
    k('privateai_key', ['privateai', 'private_ai', 'private-ai'], '[a-z0-9]{32}'),
    k('rapidapi_key', ['rapidapi'], '[A-Za-z0-9_-]{50}'),
    k('sendbird_token', ['sendbird'], '[a-f0-9]{40}'),
    k('snyk_token', ['snyk'], UUID),
    k('squarespace_token', ['squarespace'], UUID),
    k('sumologic_token', ['sumo'], '[A-Za-z0-9]{64}'),
    k('travisci_token', ['travis'], '[A-Za-z0-9]{22}'),
    k('twilio_auth_token', ['twilio'], HEX32),
    k('twitch_token', ['twitch'], '[a-z0-9]{30}'),
    k(
      'twitter_secret',
      ['twitter'],
      '(?:[A-Za-z0-9]{25}|[A-Za-z0-9]{45}|[A-Za-z0-9]{50}|\\d{15,25}-[A-Za-z0-9]{20,40})',
    ),
    k('yandex_static_key', ['yandex'], '(?:YC[A-Za-z0-9_-]{38}|y[0-3]_[A-Za-z0-9_-]{55})'),
    k('zendesk_key', ['zendesk'], '[A-Za-z0-9]{40}'),
    k('maxmind_license_key', ['maxmind', 'geoip'], '[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk'),
  ]),
];
