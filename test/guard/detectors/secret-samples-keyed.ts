// Synthetic values for the keyword-gated services, each with a near-miss twin: a wrong length or
// alphabet, a name that does not say credential (an id, a trace id), or a bare hash with no name.
import type { Sample } from './secret-samples.js';
import { ALNUM, B64, B64U, D, HEX, az, type Gen, uuidOf } from './secret-sample-kit.js';

/** [kind, the assignment's name, the value's alphabet, its length, a near-miss of the same name] */
type Keyed = [string, string, string, number, string];

export function keyedSamples(r: Gen): Sample[] {
  const an = az + D;
  const hex = (n: number): string => r(HEX, n);
  const uuid = (): string => uuidOf(r);
  // a random value of `set` with a digit and a letter of it, so the mix check cannot fail by chance
  const mix = (set: string, n: number): string =>
    r(set, n - 2) + r(set.replace(/[^0-9]/g, ''), 1) + r(set.replace(/[^A-Za-z]/g, ''), 1);
  const table: Keyed[] = [
    ['airtable_api_key', 'AIRTABLE_API_KEY', '', 0, `AIRTABLE_API_KEY=key${r(ALNUM, 10)}`],
    ['algolia_key', 'ALGOLIA_ADMIN_KEY', HEX, 32, `ALGOLIA_APP_ID=${hex(32)}`],
    [
      'alibaba_secret_key',
      'ALIBABA_CLOUD_ACCESS_KEY_SECRET',
      ALNUM,
      30,
      `ALIBABA_CLOUD_ACCESS_KEY_SECRET=${r(ALNUM, 24)}`,
    ],
    ['asana_client_secret', 'asana_client_secret', an, 32, `asana_client_secret=${r(an, 28)}`],
    ['beamer_token', 'BEAMER_API_KEY', '', 0, `BEAMER_API_KEY=c_${r(B64U, 44)}`],
    [
      'bitbucket_client_secret',
      'BITBUCKET_CLIENT_SECRET',
      B64U,
      64,
      `BITBUCKET_CLIENT_SECRET=${r(B64U, 50)}`,
    ],
    ['bittrex_key', 'bittrex_api_key', ALNUM, 32, `bittrex_api_key=${r(ALNUM, 20)}`],
    ['cisco_meraki_key', 'MERAKI_DASHBOARD_API_KEY', HEX, 40, `meraki_commit=${hex(40)}`],
    ['cloudflare_api_key', 'CLOUDFLARE_API_TOKEN', B64U, 40, `CLOUDFLARE_ZONE_ID=${hex(32)}`],
    [
      'codecov_token',
      'CODECOV_TOKEN',
      '',
      0,
      `CODECOV_TOKEN=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
    ],
    ['cohere_key', 'COHERE_API_KEY', ALNUM, 40, `COHERE_API_KEY=${r(ALNUM, 32)}`],
    ['coinbase_token', 'COINBASE_ACCESS_TOKEN', B64U, 64, `COINBASE_ACCESS_TOKEN=${r(B64U, 48)}`],
    [
      'confluent_secret',
      'CONFLUENT_CLOUD_API_SECRET',
      B64,
      64,
      `CONFLUENT_CLOUD_API_SECRET=${r(B64, 50)}`,
    ],
    ['contentful_token', 'CONTENTFUL_DELIVERY_TOKEN', B64U, 43, `CONTENTFUL_SPACE_ID=${r(an, 12)}`],
    ['datadog_key', 'DD_API_KEY', HEX, 32, `DD_TRACE_ID=${hex(32)}`],
    ['datadog_key', 'DATADOG_APP_KEY', HEX, 40, `DATADOG_APP_KEY=${hex(36)}`],
    [
      'discord_client_secret',
      'DISCORD_CLIENT_SECRET',
      B64U,
      32,
      `DISCORD_CLIENT_SECRET=${r(B64U, 20)}`,
    ],
    ['droneci_token', 'DRONE_TOKEN', ALNUM, 32, `DRONE_TOKEN=${r(ALNUM, 24)}`],
    [
      'dropbox_long_lived_token',
      'DROPBOX_ACCESS_TOKEN',
      '',
      0,
      `DROPBOX_ACCESS_TOKEN=${r(an, 11)}${r(ALNUM, 53)}`,
    ],
    ['etsy_token', 'ETSY_ACCESS_TOKEN', an, 24, `ETSY_ACCESS_TOKEN=${r(an, 18)}`],
    ['facebook_secret', 'FACEBOOK_APP_SECRET', HEX, 32, `facebook_pixel=${hex(32)}`],
    ['fastly_token', 'FASTLY_API_TOKEN', B64U, 32, `FASTLY_API_TOKEN=${r(B64U, 24)}`],
    ['finicity_secret', 'FINICITY_APP_KEY', HEX, 32, `FINICITY_APP_KEY=${hex(28)}`],
    ['finnhub_token', 'FINNHUB_API_KEY', an, 20, `FINNHUB_API_KEY=${r(an, 16)}`],
    ['flickr_key', 'FLICKR_API_KEY', an, 32, `FLICKR_API_KEY=${r(an, 26)}`],
    ['freshbooks_token', 'FRESHBOOKS_ACCESS_TOKEN', an, 64, `FRESHBOOKS_ACCESS_TOKEN=${r(an, 50)}`],
    ['gitter_token', 'GITTER_TOKEN', an, 40, `GITTER_TOKEN=${r(an, 30)}`],
    [
      'gocardless_token',
      'GOCARDLESS_ACCESS_TOKEN',
      '',
      0,
      `GOCARDLESS_ACCESS_TOKEN=live_${r(ALNUM, 30)}`,
    ],
    ['heroku_legacy_key', 'HEROKU_API_KEY', '', 0, `HEROKU_APP_ID=${uuid()}`],
    ['hubspot_key', 'HUBSPOT_API_KEY', '', 0, `HUBSPOT_PORTAL_ID=${uuid()}`],
    [
      'jfrog_identity_token',
      'ARTIFACTORY_ACCESS_TOKEN',
      an,
      64,
      `ARTIFACTORY_ACCESS_TOKEN=${r(an, 48)}`,
    ],
    ['kraken_key', 'KRAKEN_PRIVATE_KEY', B64, 88, `KRAKEN_PRIVATE_KEY=${r(B64, 60)}`],
    ['kucoin_secret', 'KUCOIN_API_SECRET', '', 0, `KUCOIN_API_SECRET=${hex(20)}`],
    ['launchdarkly_key', 'LAUNCHDARKLY_SDK_KEY', '', 0, `LAUNCHDARKLY_SDK_KEY=env-${uuid()}`],
    ['linear_client_secret', 'LINEAR_CLIENT_SECRET', HEX, 32, `LINEAR_CLIENT_SECRET=${hex(24)}`],
    [
      'linkedin_client_secret',
      'LINKEDIN_CLIENT_SECRET',
      ALNUM,
      16,
      `LINKEDIN_CLIENT_SECRET=${r(ALNUM, 12)}`,
    ],
    ['lob_key', 'LOB_API_KEY', '', 0, `LOB_API_KEY=live_${hex(20)}`],
    [
      'looker_client_secret',
      'LOOKER_CLIENT_SECRET',
      ALNUM,
      24,
      `LOOKER_CLIENT_SECRET=${r(ALNUM, 20)}`,
    ],
    ['mailgun_signing_key', 'MAILGUN_SIGNING_KEY', '', 0, `MAILGUN_SIGNING_KEY=${hex(32)}`],
    ['mattermost_token', 'MATTERMOST_ACCESS_TOKEN', an, 26, `MATTERMOST_ACCESS_TOKEN=${r(an, 20)}`],
    ['messagebird_key', 'MESSAGEBIRD_API_KEY', ALNUM, 25, `MESSAGEBIRD_API_KEY=${r(ALNUM, 20)}`],
    ['netlify_legacy_token', 'NETLIFY_AUTH_TOKEN', B64U, 43, `NETLIFY_SITE_ID=${uuid()}`],
    ['nytimes_token', 'NYTIMES_API_KEY', B64U, 32, `NYTIMES_API_KEY=${r(B64U, 24)}`],
    ['okta_token', 'OKTA_API_TOKEN', '', 0, `OKTA_API_TOKEN=${r(B64U, 42)}`],
    ['plaid_secret', 'PLAID_SECRET', HEX, 30, `PLAID_SECRET=${hex(24)}`],
    ['privateai_key', 'PRIVATEAI_API_KEY', an, 32, `PRIVATEAI_API_KEY=${r(an, 24)}`],
    ['rapidapi_key', 'X_RAPIDAPI_KEY', B64U, 50, `X_RAPIDAPI_KEY=${r(B64U, 40)}`],
    ['sendbird_token', 'SENDBIRD_API_TOKEN', HEX, 40, `SENDBIRD_APP_ID=${uuid()}`],
    ['snyk_token', 'SNYK_TOKEN', '', 0, `SNYK_ORG_ID=${uuid()}`],
    ['squarespace_token', 'SQUARESPACE_API_KEY', '', 0, `SQUARESPACE_API_KEY=${hex(32)}`],
    ['sumologic_token', 'SUMO_ACCESS_KEY', ALNUM, 64, `SUMO_ACCESS_KEY=${r(ALNUM, 40)}`],
    ['travisci_token', 'TRAVIS_API_TOKEN', ALNUM, 22, `TRAVIS_API_TOKEN=${r(ALNUM, 16)}`],
    ['twilio_auth_token', 'TWILIO_AUTH_TOKEN', HEX, 32, hex(32)],
    ['twitch_token', 'TWITCH_CLIENT_SECRET', an, 30, `TWITCH_CLIENT_SECRET=${r(an, 24)}`],
    ['twitter_secret', 'TWITTER_API_SECRET', ALNUM, 50, `TWITTER_API_SECRET=${r(ALNUM, 30)}`],
    ['yandex_static_key', 'YANDEX_AWS_SECRET_KEY', '', 0, `YANDEX_AWS_SECRET_KEY=YC${r(B64U, 20)}`],
    [
      'maxmind_license_key',
      'MAXMIND_LICENSE_KEY',
      '',
      0,
      `MAXMIND_LICENSE_KEY=${r(ALNUM, 6)}_${r(ALNUM, 20)}_mmk`,
    ],
    ['zendesk_key', 'ZENDESK_API_TOKEN', ALNUM, 40, `ZENDESK_API_TOKEN=${r(ALNUM, 30)}`],
  ];
  // values with a fixed part of their own
  const special: Record<string, string> = {
    airtable_api_key: `key${mix(ALNUM, 14)}`,
    beamer_token: `b_${mix(B64U, 44)}`,
    codecov_token: uuid(),
    dropbox_long_lived_token: `${mix(an, 11)}AAAAAAAAAA${r(B64U, 43)}`,
    gocardless_token: `live_${mix(ALNUM, 40)}`,
    heroku_legacy_key: uuid(),
    hubspot_key: uuid(),
    kucoin_secret: uuid(),
    launchdarkly_key: `sdk-${uuid()}`,
    lob_key: `live_${hex(35)}`,
    mailgun_signing_key: `${hex(32)}-${hex(8)}-${hex(8)}`,
    maxmind_license_key: `${mix(ALNUM, 6)}_${r(ALNUM, 29)}_mmk`,
    okta_token: `00${mix(B64U, 40)}`,
    snyk_token: uuid(),
    squarespace_token: uuid(),
    yandex_static_key: `YC${mix(B64U, 38)}`,
  };
  return table.map(([kind, name, set, n, near]) => ({
    kind,
    real: `${name}=${special[kind] ?? mix(set, n)}`,
    near,
  }));
}
