// Synthetic credentials in real formats (random bodies, valid checksums) and a near-miss twin of each.
import { SECRET_PATTERNS } from '../../../guard/detectors/secret-patterns.js';
import { assignedSamples } from './secret-samples-assigned.js';
import { decodedSamples } from './secret-samples-decoded.js';
import { keyedSamples } from './secret-samples-keyed.js';
import { ALNUM, AZ, B64, B64U, D, HEX, az, checksummed, rng } from './secret-sample-kit.js';
import { prefixedSamples } from './secret-samples-prefixed.js';
import { vendorSamples } from './secret-samples-vendor.js';

export { ALNUM, checksummed } from './secret-sample-kit.js';

export interface Sample {
  kind: string;
  real: string;
  /** The same shape with one thing wrong (checksum, length, alphabet, placeholder, local host). */
  near: string;
  /** Within a pattern that stands for a group of formats (`formats`), the format sampled. */
  format?: string;
}

const GROUP_OF = new Map(
  SECRET_PATTERNS.flatMap((p) => (p.formats ?? []).map((f) => [f, p.kind] as const)),
);

/** A sample named by its format reports the kind of the group pattern that holds the format. */
const grouped = (s: Sample): Sample => {
  const kind = GROUP_OF.get(s.kind);
  return kind === undefined ? s : { ...s, kind, format: s.kind };
};

export function secretSamples(seed = 7): Sample[] {
  return formatSamples(seed).map(grouped);
}

function formatSamples(seed: number): Sample[] {
  const r = rng(seed);
  const gh = checksummed('ghp', r(ALNUM, 30));
  const npm = checksummed('npm', r(ALNUM, 30));
  const flip = (s: string): string => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
  const pem = Buffer.from(`-----BEGIN PRIVATE KEY-----\nMIIEv${r(B64, 60)}\n`).toString(
    'base64url',
  );
  const pub = Buffer.from(`-----BEGIN PUBLIC KEY-----\nMIIBI${r(B64, 60)}\n`).toString('base64url');
  const hdr = Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url');
  const body = Buffer.from(`{"sub":"${r(D, 9)}"}`).toString('base64url');
  const basic = Buffer.from(`deploy:${r(ALNUM, 14)}`).toString('base64');
  const slackSecret = r(ALNUM, 24);
  const acct = r(az + D, 12);
  const sasSig = encodeURIComponent(r(B64, 43) + '=');
  return [
    { kind: 'github_token', real: gh, near: flip(gh) },
    { kind: 'npm_token', real: npm, near: flip(npm) },
    {
      kind: 'github_pat',
      real: `github_pat_${r(ALNUM, 22)}_${r(ALNUM, 59)}`,
      near: `github_pat_${r(ALNUM, 22)}_${r(ALNUM, 40)}`,
    },
    { kind: 'gitlab_token', real: `glpat-${r(B64U, 20)}`, near: `glpat-${'x'.repeat(20)}` },
    {
      kind: 'slack_token',
      real: `xoxb-${r(D, 12)}-${r(D, 13)}-${slackSecret}`,
      near: `xoxb-${r(D, 6)}-${r(D, 13)}-${slackSecret}`,
    },
    {
      kind: 'slack_webhook',
      real: `https://hooks.slack.com/services/T${r(AZ + D, 10)}/B${r(AZ + D, 10)}/${r(ALNUM, 24)}`,
      near: `https://hooks.slack.com/services/T${r(AZ + D, 10)}/B${r(AZ + D, 10)}/XXXXXXXXXXXXXXXXXXXXXXXX`,
    },
    {
      kind: 'slack_webhook',
      real: encodeURIComponent(
        `https://hooks.slack.com/services/T${r(AZ + D, 10)}/B${r(AZ + D, 10)}/${r(ALNUM, 24)}`,
      ),
      near: encodeURIComponent(`https://hooks.slack.com/services/T${r(AZ + D, 10)}/`),
    },
    {
      kind: 'discord_webhook',
      real: `https://discord.com/api/webhooks/${r(D, 18)}/${r(B64U, 68)}`,
      near: `https://discord.com/api/webhooks/${r(D, 18)}/${r(B64U, 20)}`,
    },
    {
      kind: 'stripe_key',
      real: `sk_live_${r(ALNUM, 24)}`,
      near: `sk_live_${r(ALNUM, 10)}`,
    },
    {
      kind: 'stripe_webhook_secret',
      real: `whsec_${r(ALNUM, 32)}`,
      near: `whsec_${'0'.repeat(32)}`,
    },
    {
      kind: 'anthropic_key',
      real: `sk-ant-api03-${r(B64U, 93)}AA`,
      near: `sk-ant-api03-${r(B64U, 30)}`,
    },
    {
      kind: 'anthropic_oauth_token',
      real: `sk-ant-oat01-${r(B64U, 93)}AA`,
      near: `sk-ant-oat01-your-token-here-${'x'.repeat(70)}`,
    },
    {
      kind: 'openai_key',
      real: `sk-proj-${r(B64U, 40)}T3BlbkFJ${r(B64U, 40)}`,
      near: `sk-proj-${r(B64U, 12)}`,
    },
    { kind: 'huggingface_token', real: `hf_${r(AZ + az, 34)}`, near: `hf_${r(AZ + az, 20)}` },
    {
      kind: 'huggingface_token',
      real: `hf_${r(AZ + az, 10)}4${r(ALNUM, 21)}7${r(az, 1)}`,
      near: `hf_${r(ALNUM, 30)}`,
    },
    {
      kind: 'sendgrid_key',
      real: `SG.${r(B64U, 22)}.${r(B64U, 43)}`,
      near: `SG.${r(B64U, 22)}.${r(B64U, 20)}`,
    },
    { kind: 'vault_token', real: `hvs.${r(B64U, 90)}`, near: `hvs.${r(B64U, 10)}` },
    { kind: 'digitalocean_token', real: `dop_v1_${r(HEX, 64)}`, near: `dop_v1_${r(HEX, 40)}` },
    { kind: 'databricks_token', real: `dapi${r(HEX, 32)}`, near: `dapi${r(HEX, 20)}` },
    { kind: 'shopify_token', real: `shpat_${r(HEX, 32)}`, near: `shpat_${r(az, 32)}` },
    {
      kind: 'azure_storage_key',
      real: `DefaultEndpointsProtocol=https;AccountName=${acct};AccountKey=${r(B64, 86)}==;EndpointSuffix=core.windows.net`,
      near: `DefaultEndpointsProtocol=https;AccountName=${acct};AccountKey=<your-account-key>;EndpointSuffix=core.windows.net`,
    },
    {
      kind: 'azure_sas_token',
      real: `https://${acct}.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2027-01-01T00:00:00Z&sig=${sasSig}`,
      near: `https://${acct}.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r`,
    },
    {
      kind: 'url_credential',
      real: `https://ci:${r(ALNUM, 16)}@git.corp.dev/x.git`,
      near: `postgres://app:\${DB_PASSWORD}@db.corp.dev/app`,
    },
    {
      kind: 'url_credential',
      real: `redis://:${r(ALNUM, 20)}@cache.corp.dev:6379/0`,
      near: `redis://:${r(ALNUM, 20)}@localhost:6379/0`,
    },
    { kind: 'encoded_private_key', real: pem, near: pub },
    {
      kind: 'jwk_private_key',
      real: `{"kty":"EC","crv":"P-256","x":"${r(B64U, 43)}","y":"${r(B64U, 43)}","d":"${r(B64U, 43)}"}`,
      near: `{"kty":"EC","crv":"P-256","x":"${r(B64U, 43)}","y":"${r(B64U, 43)}"}`,
    },
    { kind: 'jwt', real: `${hdr}.${body}.${r(B64U, 43)}`, near: `${hdr}.${body}` },
    {
      kind: 'http_basic_credentials',
      real: `Authorization: Basic ${basic}`,
      near: `Authorization: Basic ${Buffer.from('user:password').toString('base64')}`,
    },
    {
      kind: 'registry_auth',
      real: `{"auths":{"ghcr.io":{"auth":"${basic}"}}}`,
      near: `{"auths":{"ghcr.io":{"auth":"${Buffer.from('user:password').toString('base64')}"}}}`,
    },
    {
      kind: 'aws_access_key_id',
      real: `AKIA${r(AZ + '234567', 16)}`,
      near: `AKIA${r(AZ + '234567', 12)}`,
    },
    {
      kind: 'google_api_key',
      real: `AIza${r(B64U, 35)}`,
      near: `AIza${r(B64U, 20)}`,
    },
    {
      kind: 'age_secret_key',
      real: `AGE-SECRET-KEY-1${r('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`,
      near: `AGE-SECRET-KEY-1${r('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 30)}`,
    },
    {
      kind: 'telegram_bot_token',
      real: `${r(D, 10)}:AA${r(B64U, 33)}`,
      near: `${r(D, 10)}:BB${r(B64U, 33)}`,
    },
    { kind: 'linear_key', real: `lin_api_${r(ALNUM, 40)}`, near: `lin_api_${r(ALNUM, 12)}` },
    { kind: 'groq_key', real: `gsk_${r(ALNUM, 52)}`, near: `gsk_${r(ALNUM, 30)}` },
    { kind: 'docker_hub_pat', real: `dckr_pat_${r(B64U, 27)}`, near: `dckr_pat_${r(B64U, 12)}` },
    { kind: 'google_oauth_secret', real: `GOCSPX-${r(B64U, 28)}`, near: `GOCSPX-${r(B64U, 10)}` },
    ...vendorSamples(r),
    ...prefixedSamples(r),
    ...decodedSamples(r),
    ...keyedSamples(r),
    ...assignedSamples(r),
  ];
}
