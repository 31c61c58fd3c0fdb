// Synthetic tokens for the vendor and structural formats not sampled beside the checksummed ones.
import type { Sample } from './secret-samples.js';
import { ALNUM, AZ, B64, B64U, D, HEX, type Gen, uuidOf } from './secret-sample-kit.js';

export function vendorSamples(r: Gen): Sample[] {
  const uuid = (): string => uuidOf(r);
  const teams = `https://acme.webhook.office.com/webhookb2/${uuid()}@${uuid()}/IncomingWebhook`;
  const s = (kind: string, real: string, near: string): Sample => ({ kind, real, near });
  return [
    s('gitlab_runner_registration', `GR1348941${r(B64U, 20)}`, `GR1348941${r(B64U, 12)}`),
    s(
      'slack_app_token',
      `xapp-1-A${r(AZ + D, 10)}-${r(D, 13)}-${r(HEX, 64)}`,
      `xapp-1-A${r(AZ + D, 10)}-${r(D, 13)}-${r(HEX, 32)}`,
    ),
    s('slack_config_token', `xoxe.xoxp-1-${r(AZ + D, 150)}`, `xoxe.xoxp-1-${r(AZ + D, 60)}`),
    s('openai_project_key', `sk-proj-${r(B64U, 120)}`, `sk-proj-${r(B64U, 40)}`),
    s('openai_project_key', `sk-svcacct-${r(B64U, 72)}`, `sk-proj-${r(B64U, 48)}`),
    s('replicate_token', `r8_${r(ALNUM, 37)}`, `r8_${r(ALNUM, 20)}`),
    s('xai_key', `xai-${r(ALNUM, 80)}`, `xai-${r(ALNUM, 40)}`),
    s('mailgun_key', `key-${r(HEX, 32)}`, `key-${r(HEX, 20)}`),
    s('mailchimp_key', `${r(HEX, 32)}-us14`, `${r(HEX, 32)}-eu14`),
    s('twilio_api_key', `SK${r(HEX, 32)}`, `SK${r(HEX, 24)}`),
    s(
      'twilio_credential_pair',
      `?sid=AC${r(HEX, 32)}&tok=${r(HEX, 32)}`,
      `?sid=AC${r(HEX, 32)}&req=${r(HEX, 24)}`,
    ),
    s('atlassian_token', `ATATT3xFfGF0${r(B64U, 180)}`, `ATATT3xFfGF0${r(B64U, 60)}`),
    s('postman_key', `PMAK-${r(HEX, 24)}-${r(HEX, 34)}`, `PMAK-${r(HEX, 24)}`),
    s('pulumi_token', `pul-${r(HEX, 40)}`, `pul-${r(HEX, 30)}`),
    s('sentry_token', `sntryu_${r(HEX, 64)}`, `sntryu_${r(HEX, 40)}`),
    s(
      'terraform_cloud_token',
      `${r(ALNUM, 14)}.atlasv1.${r(B64U, 67)}`,
      `${r(ALNUM, 14)}.atlasv1.${r(B64U, 30)}`,
    ),
    s('square_token', `sq0atp-${r(B64U, 22)}`, `sq0atp-${r(B64U, 12)}`),
    s('doppler_token', `dp.pt.${r(ALNUM, 43)}`, `dp.pt.${r(ALNUM, 20)}`),
    s('heroku_key', `HRKU-${r(B64U, 60)}`, `HRKU-${r(B64U, 30)}`),
    s('supabase_token', `sbp_${r(HEX, 40)}`, `sbp_${r(HEX, 30)}`),
    s('planetscale_token', `pscale_tkn_${r(B64U, 43)}`, `pscale_tkn_${r(B64U, 20)}`),
    s(
      'dynatrace_token',
      `dt0c01.${r(AZ + D, 24)}.${r(AZ + D, 64)}`,
      `dt0c01.${r(AZ + D, 24)}.${r(AZ + D, 40)}`,
    ),
    s('google_oauth_access_token', `ya29.${r(B64U, 150)}`, `ya29.${r(B64U, 20)}`),
    s(
      'azure_ad_client_secret',
      `${r(ALNUM, 3)}8Q~${r(ALNUM, 34)}`,
      `${r(ALNUM, 3)}8Q-${r(ALNUM, 34)}`,
    ),
    s('pypi_token', `pypi-AgEIcHlwaS5vcmc${r(B64U, 70)}`, `pypi-AgEIcHlwaS5vcmc${r(B64U, 20)}`),
    s(
      'aws_secret_access_key',
      `aws_secret_access_key = ${r(B64, 40)}`,
      `aws_secret_access_key = ${r(B64, 30)}`,
    ),
    s('teams_webhook', `${teams}/${r(HEX, 32)}/${uuid()}`, `${teams}/${r(HEX, 32)}`),
    s('private_key', '-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN PUBLIC KEY-----'),
    s(
      'http_bearer_token',
      `Authorization: Bearer ${r(B64U, 40)}9`,
      'Authorization: Bearer <token>',
    ),
  ];
}
