// Secret formats: vendor tokens recognised by their documented prefix and body shape (the formats
// gitleaks' default rules and the common credential scanners know); checksummed ones are validated.
import { entropy, validTokenChecksum } from './checksums.js';
import type { SecretPattern } from './secret-patterns.js';
import {
  notPlaceholder,
  prefixed as p,
  r3,
  r35,
  randomish,
  slackValid,
} from './secret-validators.js';

export const VENDOR_PATTERNS: readonly SecretPattern[] = [
  p('github_token', 'gh[pousr]_[A-Za-z0-9]{36}', (v) => validTokenChecksum(v.slice(4))),
  p('github_pat', 'github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}', (v) => entropy(v) > 4),
  p('npm_token', 'npm_[A-Za-z0-9]{36}', (v) => validTokenChecksum(v.slice(4))),
  p('gitlab_token', 'gl(?:pat|dt|rt|ptt|oas|cbt|imt|ft|soat)-[A-Za-z0-9_-]{20,64}', r35),
  p('gitlab_runner_registration', 'GR1348941[A-Za-z0-9_-]{20}', r35),
  p('slack_token', 'xox[baprse]-(?:\\d{10,13}-){2,3}[A-Za-z0-9]{24,64}', slackValid),
  p('slack_app_token', 'xapp-\\d-[A-Z0-9]{9,12}-\\d{10,13}-[a-f0-9]{64}', r3),
  p('slack_config_token', 'xoxe(?:\\.xox[bp])?-\\d-[A-Z0-9]{146,166}', r3),
  p('stripe_key', '(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{24,99}', r35),
  p('stripe_webhook_secret', 'whsec_[A-Za-z0-9+/=]{32,64}', r35),
  p('anthropic_key', 'sk-ant-(?:api|admin)\\d{2}-[A-Za-z0-9_-]{80,120}', r35),
  p('anthropic_oauth_token', 'sk-ant-(?:oat|ort)\\d{2}-[A-Za-z0-9_-]{80,120}', r35),
  p('openai_key', 'sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}', r3),
  // issued project keys run from about 70 characters (2024) to over 150 after the prefix
  p('openai_project_key', 'sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{64,200}', randomish(4)),
  // 34 characters after the prefix; issued tokens mix letters and digits
  p('huggingface_token', '(?:hf_|api_org_)[A-Za-z0-9]{34}', r35),
  p('groq_key', 'gsk_[A-Za-z0-9]{52}', r35),
  p('replicate_token', 'r8_[A-Za-z0-9]{37}', r35),
  p('xai_key', 'xai-[A-Za-z0-9]{80}', r35),
  p('sendgrid_key', 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}', r35),
  p('mailgun_key', 'key-[a-f0-9]{32}', r3),
  p('mailchimp_key', '[a-f0-9]{32}-us\\d{1,2}', r3),
  p('twilio_api_key', 'SK[a-f0-9]{32}', r3),
  p('vault_token', 'hv[sbr]\\.[A-Za-z0-9_-]{24,180}', r35),
  p('digitalocean_token', 'do[opr]_v1_[a-f0-9]{64}', r3),
  p('databricks_token', 'dapi[a-f0-9]{32}(?:-\\d)?', r3),
  p('shopify_token', 'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}', r3),
  p('square_token', 'sq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}', r35),
  p('atlassian_token', 'ATATT3[A-Za-z0-9_=-]{150,220}', r35),
  p('linear_key', 'lin_api_[A-Za-z0-9]{40}', r35),
  p('postman_key', 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}', r3),
  p('doppler_token', 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}', r35),
  p('pulumi_token', 'pul-[a-f0-9]{40}', r3),
  p(
    'grafana_token',
    '(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[a-fA-F0-9]{8})',
    r35,
  ),
  // user keys NRAK- and 27 characters; insert keys NRII- and 32; browser keys NRJS- and 19 hex
  p('newrelic_key', 'NR(?:AK|II|JS)-[A-Za-z0-9]{27}|NRII-[A-Za-z0-9_-]{32}|NRJS-[a-f0-9]{19}', r3),
  p('sentry_token', '(?:sntrys_eyJ[A-Za-z0-9+/=_-]{60,}|sntryu_[a-f0-9]{64})', r35),
  p('age_secret_key', 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}', notPlaceholder),
  p('docker_hub_pat', 'dckr_pat_[A-Za-z0-9_-]{27}', r35),
  p('terraform_cloud_token', '[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}', r35),
  p('supabase_token', 'sbp_[a-f0-9]{40}', r3),
  p('planetscale_token', 'pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}', r35),
  p('heroku_key', 'HRKU-[A-Za-z0-9_-]{60}', r35),
  p('dynatrace_token', 'dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}', r35),
  p('google_api_key', 'AIza[0-9A-Za-z_-]{35}', r35),
  p('google_oauth_secret', 'GOCSPX-[A-Za-z0-9_-]{28}', r35),
  p('google_oauth_access_token', 'ya29\\.[A-Za-z0-9_-]{30,300}', r35),
  p('telegram_bot_token', '\\d{8,10}:AA[A-Za-z0-9_-]{33}', r35),
  // the Bot API's URLs carry the token right after `/bot` (`…/bot<token>/sendMessage`), where no
  // base64url boundary precedes it; the value is group 1
  {
    kind: 'telegram_bot_token',
    re: /\/bot(\d{8,10}:AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/g,
    valid: r35,
  },
  p('azure_ad_client_secret', '[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}', r35),
  p('pypi_token', 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}', notPlaceholder),
  {
    kind: 'aws_access_key_id',
    re: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    valid: (v) => notPlaceholder(v) && entropy(v.slice(4)) > 3,
  },
];
