// Synthetic tokens for the prefixed developer, SaaS and cloud formats, each with a near-miss twin.
import type { Sample } from './secret-samples.js';
import { ALNUM, AZ, B64, B64U, D, HEX, az, type Gen, uuidOf } from './secret-sample-kit.js';

export function prefixedSamples(r: Gen): Sample[] {
  const an = az + D;
  const uuid = (): string => uuidOf(r);
  const group = (n: number): string => r(AZ + D, n);
  const pw = r(ALNUM, 16);
  const s = (kind: string, real: string, near: string): Sample => ({ kind, real, near });
  return [
    s('gitlab_agent_token', `glagent-${r(B64U, 50)}`, `glagent-${'x'.repeat(50)}`),
    s('gitlab_session_cookie', `_gitlab_session=${r(HEX, 32)}`, `_gitlab_session=${r(HEX, 24)}`),
    s('clojars_token', `CLOJARS_${r(an, 60)}`, `CLOJARS_${r(an, 40)}`),
    s('rubygems_token', `rubygems_${r(HEX, 48)}`, `rubygems_${r(HEX, 48).toUpperCase()}Z`),
    s('jfrog_api_key', `AKCp${r(ALNUM, 69)}`, `AKCp${r(ALNUM, 40)}`),
    s(
      'jfrog_reference_token',
      Buffer.from(`reftkn:01:${r(D, 10)}:${r(ALNUM, 27)}`)
        .toString('base64')
        .replace(/[+/]/g, 'x'),
      `cmVmdGtuOA${r(ALNUM, 54)}`,
    ),
    s('sonarqube_token', `squ_${r(HEX, 40)}`, `squ_${r(HEX, 32)}`),
    s(
      'sourcegraph_token',
      `sgp_${r(HEX, 16)}_${r(HEX, 40)}`,
      `sgp_${r(HEX, 16)}_${'0'.repeat(40)}`,
    ),
    s('octopus_deploy_key', `API-${group(26)}`, `API-${'X'.repeat(26)}`),
    s(
      'harness_token',
      `pat.${r(B64U, 22)}.${r(HEX, 24)}.${r(ALNUM, 20)}`,
      `pat.${r(B64U, 22)}.${r(HEX, 24)}`,
    ),
    s('infracost_key', `ico-${r(ALNUM, 32)}`, `ico-${r(ALNUM, 31)}`),
    s('prefect_key', `pnu_${r(ALNUM, 36)}`, `pnu_${r(ALNUM, 20)}`),
    s('readme_key', `rdme_${r(an, 70)}`, `rdme_${r(AZ, 70)}`),
    s('scalingo_token', `tk-us-${r(B64U, 48)}`, `tk-us-${r(B64U, 30)}`),
    s('settlemint_token', `sm_pat_${r(ALNUM, 14)}7q`, `sm_xyz_${r(ALNUM, 16)}`),
    s(
      'defined_networking_key',
      `dnkey-${r(an, 26)}-${r(an, 52)}`,
      `dnkey-${r(an, 26)}-${r(an, 20)}`,
    ),
    s('flyio_token', `fo1_${r(B64U, 43)}`, `fo1_${r(B64U, 20)}`),
    s('flyio_token', `fm2_${r(B64 + '_-', 300)}`, `fm2_${r(B64, 40)}`),
    s('netlify_token', `nfp_${r(ALNUM, 36)}`, `nfp_${r(ALNUM, 24)}`),
    s('openshift_token', `sha256~${r(B64U, 43)}`, `sha256:${r(HEX, 64)}`),
    s('frameio_token', `fio-u-${r(B64U, 64)}`, `fio-u-${r(B64U, 40)}`),
    s('doppler_service_token', `dp.st.prd.${r(ALNUM, 40)}`, `dp.st.prd.${r(ALNUM, 20)}`),
    s('linear_oauth_token', `lin_oauth_${r(HEX, 64)}`, `lin_oauth_${r(HEX, 40)}`),
    s(
      'onepassword_secret_key',
      `A3-${group(6)}-${group(6)}-${group(5)}-${group(5)}-${group(5)}-${group(5)}`,
      `A3-${group(6)}-${group(6)}-${group(5)}-${group(5)}`,
    ),
    s(
      'sidekiq_secret',
      `BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${r(HEX, 8)}:${r(HEX, 8)}`,
      `BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${r(HEX, 8)}`,
    ),
    s(
      'curl_auth_user',
      `curl -u deploy:${pw} https://api.corp.dev/v1`,
      `curl -u deploy:$API_TOKEN https://api.corp.dev/v1`,
    ),
    s(
      'nuget_config_password',
      `<add key="ClearTextPassword" value="${pw}" />`,
      `<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />`,
    ),
    s('adafruit_key', `aio_${r(ALNUM, 28)}`, `aio_${r(ALNUM, 16)}`),
    s('adobe_client_secret', `p8e-${r(B64U, 32)}`, `p8e-${r(B64U, 20)}`),
    s('airtable_pat', `pat${r(ALNUM, 14)}.${r(HEX, 64)}`, `pat${r(ALNUM, 14)}.${r(HEX, 40)}`),
    s(
      'asana_pat',
      `2/${r(D, 16)}/${r(D, 16)}:${r(HEX, 32)}`,
      `2/${r(D, 16)}/${r(D, 16)}:${r(HEX, 20)}`,
    ),
    s('contentful_pat', `CFPAT-${r(B64U, 43)}`, `CFPAT-${r(B64U, 30)}`),
    s('duffel_token', `duffel_test_${r(B64U, 43)}`, `duffel_demo_${r(B64U, 43)}`),
    s('easypost_key', `EZAK${r(ALNUM, 54)}`, `EZAK${r(ALNUM, 30)}`),
    s('square_access_token', `EAAA${r(B64U, 60)}`, `EAAA${r(B64U, 40)}`),
    s('facebook_access_token', `EAAB${r(ALNUM, 180)}`, `EAAB${r(ALNUM, 50)}`),
    s('flutterwave_secret_key', `FLWSECK_TEST-${r(HEX, 32)}-X`, `FLWPUBK_TEST-${r(HEX, 32)}-X`),
    s('flutterwave_encryption_key', `FLWSECK_TEST${r(HEX, 12)}`, `FLWSECK_TEST${r(HEX, 8)}`),
    s('hubspot_token', `pat-na1-${uuid()}`, 'pat-na1-00000000-0000-0000-0000-000000000000'),
    s('plaid_access_token', `access-sandbox-${uuid()}`, `access-staging-${uuid()}`),
    s('notion_token', `ntn_${r(ALNUM, 46)}`, `ntn_${r(ALNUM, 30)}`),
    s('notion_token', `secret_${r(ALNUM, 43)}`, `secret_${'abc'.repeat(14)}a`),
    s('sendinblue_key', `xkeysib-${r(HEX, 64)}-${r(ALNUM, 16)}`, `xkeysib-${r(HEX, 64)}`),
    s('shippo_token', `shippo_live_${r(HEX, 40)}`, `shippo_live_${r(HEX, 32)}`),
    s('typeform_token', `tfp_${r(ALNUM, 59)}`, `tfp_${r(ALNUM, 40)}`),
    s(
      'twitter_bearer_token',
      `${'A'.repeat(22)}${r(ALNUM, 20)}%3D${r(ALNUM, 60)}`,
      `${'A'.repeat(22)}${r(ALNUM, 40)}`,
    ),
    s('perplexity_key', `pplx-${r(ALNUM, 48)}`, `pplx-${r(ALNUM, 30)}`),
    s('openrouter_key', `sk-or-v1-${r(HEX, 64)}`, `sk-or-v1-${r(HEX, 40)}`),
    s('langsmith_key', `lsv2_pt_${r(HEX, 32)}_${r(HEX, 10)}`, `lsv2_pt_${r(HEX, 32)}`),
    s('tavily_key', `tvly-dev-${r(ALNUM, 32)}`, `tvly-${r(ALNUM, 20)}`),
    s('clickhouse_cloud_secret', `4b1d${r(ALNUM, 38)}`, `4b1d${r(ALNUM, 30)}`),
    s('intra42_secret', `s-s4t2ud-${r(HEX, 64)}`, `s-s4t2ud-${r(HEX, 40)}`),
    s(
      'authress_key',
      `sc_${r(an, 10)}.${r(an, 5)}.acc_${r(an, 16)}.${r(B64, 60)}`,
      `sc_${r(an, 10)}.${r(an, 5)}.${r(B64, 60)}`,
    ),
    s('slack_legacy_token', `xoxb-${r(D, 12)}-${r(ALNUM, 24)}`, `xoxb-${r(D, 12)}-${r(ALNUM, 10)}`),
    s('dropbox_short_lived_token', `sl.${r(B64U, 140)}`, `sl.${r(B64U, 60)}`),
    s('alibaba_access_key_id', `LTAI${r(ALNUM, 20)}`, `LTAI${r(ALNUM, 8)}`),
    s(
      'cloudflare_origin_ca_key',
      `v1.0-${r(HEX, 24)}-${r(HEX, 146)}`,
      `v1.0-${r(HEX, 24)}-${r(HEX, 100)}`,
    ),
    s('yandex_token', `t1.${r(B64U, 60)}.${r(B64U, 86)}`, `t1.${r(B64U, 60)}.${r(B64U, 40)}`),
    s('yandex_token', `AQVN${r(B64U, 36)}`, `AQVN${r(B64U, 20)}`),
    s('newrelic_key', `NRJS-${r(HEX, 19)}`, `NRJS-${r(HEX, 12)}`),
  ];
}
