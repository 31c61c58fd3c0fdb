// Which hosts each credential belongs to: a key sent to its issuer's own API is its intended use
// (docs/guard.md "Egress", "Credentials and their issuers").
import { hostOnList } from './hosts.js';

interface Issuer {
  name: string;
  /** Environment variables that hold the issuer's credential, by name. */
  vars: RegExp;
  /** A command that prints the issuer's token (`gh auth token`), as its words joined by spaces. */
  cli?: RegExp;
  /** The credential's own format, where it has a prefix (`sk_live_`, `ghp_`). */
  format?: RegExp;
  /** Request headers that carry only this issuer's key, lower case (`dd-api-key`). */
  headers?: readonly string[];
  /** The issuer's own CLIs, which send a key given on their command line to the issuer's hosts. */
  programs?: readonly string[];
  /**
   * The issuer's account identifiers (a Twilio account SID): no secret alone, but read with the
   * credential from one file and sent to the issuer as part of its URL or its Basic user.
   */
  ids?: RegExp;
  /** Query parameters the issuer's API takes its key in (`appid`, `key`), by name. */
  queryKeys?: RegExp;
  /** The issuer's API hosts (`*.` covers the domain and its subdomains). */
  hosts: readonly string[];
}

const ISSUERS: readonly Issuer[] = [
  {
    name: 'Stripe',
    vars: /^STRIPE_(?:SECRET_KEY|API_KEY|RESTRICTED_KEY|KEY|SK|TEST_SECRET_KEY|LIVE_SECRET_KEY)$/,
    format: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/,
    programs: ['stripe'],
    hosts: ['api.stripe.com', 'files.stripe.com', 'connect.stripe.com', 'uploads.stripe.com'],
  },
  {
    name: 'GitHub',
    vars: /^(?:GITHUB_TOKEN|GH_TOKEN|GITHUB_PAT|GH_PAT|GITHUB_API_TOKEN|GH_ENTERPRISE_TOKEN)$/,
    cli: /^gh auth token(?: --hostname github\.com| -h github\.com)?$/,
    format: /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_\w{22,})/,
    hosts: [
      'github.com',
      'api.github.com',
      'uploads.github.com',
      '*.githubusercontent.com',
      'ghcr.io',
      // GitHub Packages' registries (npm, Maven, NuGet, RubyGems, Docker) take the same token
      '*.pkg.github.com',
    ],
  },
  {
    name: 'GitLab',
    vars: /^(?:GITLAB_TOKEN|GL_TOKEN|GITLAB_PRIVATE_TOKEN|CI_JOB_TOKEN|GITLAB_API_TOKEN)$/,
    format: /\bglpat-[A-Za-z0-9_-]{20}/,
    headers: ['private-token', 'job-token'],
    hosts: ['gitlab.com', '*.gitlab.com'],
  },
  {
    name: 'OpenAI',
    vars: /^OPENAI_(?:API_KEY|ADMIN_KEY)$/,
    format: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/,
    hosts: ['api.openai.com'],
  },
  {
    name: 'Anthropic',
    vars: /^(?:ANTHROPIC_API_KEY|ANTHROPIC_ADMIN_KEY|CLAUDE_API_KEY)$/,
    format: /\bsk-ant-[A-Za-z0-9_-]{20,}/,
    headers: ['x-api-key'],
    hosts: ['api.anthropic.com'],
  },
  {
    name: 'Slack',
    vars: /^SLACK_(?:BOT_|USER_|APP_)?TOKEN$|^SLACK_WEBHOOK(?:_URL)?$/,
    format: /\bxox[abposr]-[A-Za-z0-9-]{10,}/,
    hosts: ['slack.com', '*.slack.com'],
  },
  {
    // a bot token is `<bot id>:<secret>`, sent in the path of `api.telegram.org/bot<token>/<method>`
    name: 'Telegram',
    vars: /^(?:TELEGRAM_(?:BOT_)?TOKEN|TG_BOT_TOKEN)$/,
    format: /(?<!\d)\d{8,10}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/,
    hosts: ['api.telegram.org'],
  },
  {
    name: 'npm',
    vars: /^(?:NPM_TOKEN|NODE_AUTH_TOKEN|NPM_AUTH_TOKEN)$/,
    format: /\bnpm_[A-Za-z0-9]{36}/,
    hosts: ['registry.npmjs.org', '*.npmjs.org', '*.npmjs.com'],
  },
  {
    name: 'PyPI',
    vars: /^(?:PYPI_TOKEN|PYPI_API_TOKEN|TWINE_PASSWORD|TEST_PYPI_TOKEN)$/,
    format: /\bpypi-[A-Za-z0-9_-]{50,}/,
    hosts: ['upload.pypi.org', 'test.pypi.org', 'pypi.org'],
  },
  {
    name: 'crates.io',
    vars: /^(?:CARGO_REGISTRY_TOKEN|CARGO_REGISTRIES_CRATES_IO_TOKEN)$/,
    hosts: ['crates.io', '*.crates.io'],
  },
  {
    name: 'RubyGems',
    vars: /^(?:GEM_HOST_API_KEY|RUBYGEMS_API_KEY|RUBYGEMS_AUTH_TOKEN)$/,
    format: /\brubygems_[a-f0-9]{48}\b/,
    hosts: ['rubygems.org', '*.rubygems.org'],
  },
  {
    name: 'Packagist',
    vars: /^PACKAGIST_(?:API_)?TOKEN$/,
    // the update-package hook takes the token as `?apiToken=`
    queryKeys: /^apiToken$/,
    hosts: ['packagist.org', 'repo.packagist.org'],
  },
  {
    name: 'NuGet',
    vars: /^(?:NUGET_API_KEY|NUGET_TOKEN|NUGET_AUTH_TOKEN)$/,
    hosts: ['api.nuget.org', '*.nuget.org'],
  },
  {
    name: 'Hex',
    vars: /^HEX_API_KEY$/,
    hosts: ['hex.pm', '*.hex.pm'],
  },
  {
    name: 'pub.dev',
    vars: /^PUB_(?:DEV_)?(?:PUBLISH_)?TOKEN$/,
    hosts: ['pub.dev', '*.pub.dev'],
  },
  {
    name: 'Maven Central',
    vars: /^(?:SONATYPE|OSSRH|MAVEN_CENTRAL)_(?:PASSWORD|TOKEN|TOKEN_PASSWORD)$/,
    hosts: ['central.sonatype.com', 'oss.sonatype.org', 's01.oss.sonatype.org'],
  },
  {
    name: 'Codecov',
    vars: /^CODECOV_(?:TOKEN|API_TOKEN)$/,
    hosts: ['codecov.io', '*.codecov.io'],
  },
  {
    name: 'Docker Hub',
    vars: /^(?:DOCKERHUB|DOCKER_HUB)_(?:TOKEN|PASSWORD|ACCESS_TOKEN|PAT)$/,
    hosts: ['hub.docker.com', 'registry-1.docker.io', 'auth.docker.io', 'index.docker.io'],
  },
  {
    name: 'Hugging Face',
    vars: /^(?:HF_TOKEN|HUGGINGFACE_TOKEN|HUGGING_FACE_HUB_TOKEN|HUGGINGFACEHUB_API_TOKEN|HF_API_TOKEN)$/,
    format: /\bhf_[A-Za-z0-9]{34}/,
    programs: ['huggingface-cli', 'hf'],
    hosts: ['huggingface.co', '*.huggingface.co', '*.hf.co'],
  },
  {
    name: 'AWS',
    vars: /^AWS_(?:ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN)$/,
    format: /\b(?:AKIA|ASIA)[A-Z0-9]{16}/,
    hosts: ['*.amazonaws.com', '*.amazonaws.com.cn', '*.aws.amazon.com'],
  },
  {
    name: 'Google Cloud',
    vars: /^(?:GOOGLE_(?:MAPS_|PLACES_)?API_KEY|GCP_API_KEY|GOOGLE_OAUTH_ACCESS_TOKEN|CLOUDSDK_AUTH_ACCESS_TOKEN|GEMINI_API_KEY)$/,
    cli: /^gcloud auth (?:application-default )?print-(?:access|identity)-token$/,
    format: /\bAIza[A-Za-z0-9_-]{35}/,
    queryKeys: /^key$/,
    // Artifact Registry and Container Registry take the same OAuth token
    hosts: ['*.googleapis.com', '*.pkg.dev', 'gcr.io', '*.gcr.io'],
  },
  {
    name: 'Azure',
    vars: /^(?:AZURE_CLIENT_SECRET|AZURE_ACCESS_TOKEN|ARM_CLIENT_SECRET|AZURE_OPENAI_API_KEY)$/,
    cli: /^az account get-access-token(?: --query accessToken(?: -o tsv| --output tsv)?)?$/,
    hosts: [
      'management.azure.com',
      '*.azure.com',
      '*.windows.net',
      'login.microsoftonline.com',
      'graph.microsoft.com',
      '*.azurecr.io',
    ],
  },
  {
    name: 'Azure DevOps',
    vars: /^(?:AZDO_PAT|AZDO_TOKEN|ADO_PAT|ADO_TOKEN|AZURE_DEVOPS_(?:EXT_)?PAT|AZURE_DEVOPS_TOKEN|SYSTEM_ACCESSTOKEN|VSCE_PAT)$/,
    // the VS Code Marketplace publisher takes an Azure DevOps token
    programs: ['vsce'],
    hosts: ['dev.azure.com', '*.dev.azure.com', '*.visualstudio.com', 'vssps.dev.azure.com'],
  },
  {
    name: 'Twilio',
    vars: /^TWILIO_(?:AUTH_TOKEN|API_KEY|API_SECRET|ACCOUNT_SID)$/,
    // an account SID (AC) or API key SID (SK) as the user of an `SID:token` pair
    format: /\b(?:AC|SK)[0-9a-f]{32}:[0-9a-f]{32}\b/,
    ids: /\bAC[0-9a-f]{32}\b/,
    hosts: ['api.twilio.com', '*.twilio.com'],
  },
  {
    name: 'SendGrid',
    vars: /^SENDGRID_API_KEY$/,
    format: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/,
    hosts: ['api.sendgrid.com'],
  },
  {
    name: 'DigitalOcean',
    vars: /^(?:DIGITALOCEAN_TOKEN|DIGITALOCEAN_ACCESS_TOKEN|DO_TOKEN|DO_API_TOKEN)$/,
    format: /\bdop_v1_[a-f0-9]{64}/,
    programs: ['doctl'],
    hosts: ['api.digitalocean.com'],
  },
  {
    name: 'Cloudflare',
    vars: /^(?:CLOUDFLARE_API_TOKEN|CLOUDFLARE_API_KEY|CF_API_TOKEN|CF_API_KEY)$/,
    // Workers and Pages deploys read the token from CLOUDFLARE_API_TOKEN
    programs: ['wrangler'],
    hosts: ['api.cloudflare.com'],
  },
  {
    name: 'Datadog',
    vars: /^(?:DD_API_KEY|DD_APP_KEY|DATADOG_API_KEY|DATADOG_APP_KEY)$/,
    headers: ['dd-api-key', 'dd-application-key'],
    queryKeys: /^(?:api_key|application_key)$/,
    hosts: ['*.datadoghq.com', '*.datadoghq.eu', '*.ddog-gov.com'],
  },
  {
    name: 'Sentry',
    vars: /^(?:SENTRY_AUTH_TOKEN|SENTRY_API_TOKEN)$/,
    format: /\bsntrys_[A-Za-z0-9+/=_-]{40,}/,
    programs: ['sentry-cli'],
    hosts: ['sentry.io', '*.sentry.io'],
  },
  {
    name: 'Atlassian',
    vars: /^(?:JIRA_API_TOKEN|CONFLUENCE_API_TOKEN|ATLASSIAN_API_TOKEN)$/,
    format: /\bATATT[A-Za-z0-9_=-]{20,}/,
    hosts: ['*.atlassian.net', 'api.atlassian.com'],
  },
  {
    name: 'Vercel',
    vars: /^VERCEL_TOKEN$/,
    programs: ['vercel'],
    hosts: ['api.vercel.com'],
  },
  {
    name: 'Netlify',
    vars: /^NETLIFY_AUTH_TOKEN$/,
    programs: ['netlify'],
    hosts: ['api.netlify.com'],
  },
  {
    name: 'Heroku',
    vars: /^HEROKU_API_KEY$/,
    hosts: ['api.heroku.com'],
  },
  {
    name: 'Mailgun',
    vars: /^MAILGUN_API_KEY$/,
    hosts: ['api.mailgun.net', 'api.eu.mailgun.net'],
  },
  {
    name: 'Weights & Biases',
    vars: /^WANDB_API_KEY$/,
    programs: ['wandb'],
    hosts: ['api.wandb.ai'],
  },
  {
    name: 'Linear',
    vars: /^LINEAR_API_KEY$/,
    format: /\blin_api_[A-Za-z0-9]{40}/,
    hosts: ['api.linear.app'],
  },
  {
    name: 'PagerDuty',
    vars: /^(?:PAGERDUTY|PD)_(?:[A-Z0-9]+_)*(?:TOKEN|API_KEY|ROUTING_KEY|INTEGRATION_KEY)$/,
    hosts: [
      'api.pagerduty.com',
      'api.eu.pagerduty.com',
      'events.pagerduty.com',
      'events.eu.pagerduty.com',
    ],
  },
  {
    name: 'Opsgenie',
    vars: /^OPSGENIE_(?:[A-Z0-9]+_)*API_KEY$/,
    hosts: ['api.opsgenie.com', 'api.eu.opsgenie.com'],
  },
  {
    name: 'Postmark',
    vars: /^POSTMARK_(?:SERVER|ACCOUNT|API)_(?:API_)?TOKEN$/,
    hosts: ['api.postmarkapp.com'],
  },
  {
    name: 'Resend',
    vars: /^RESEND_API_KEY$/,
    hosts: ['api.resend.com'],
  },
  {
    name: 'Notion',
    vars: /^NOTION_(?:API_KEY|TOKEN|API_TOKEN|INTEGRATION_TOKEN)$/,
    hosts: ['api.notion.com'],
  },
  {
    // the key travels as the `appid` query parameter of every request
    name: 'OpenWeather',
    vars: /^(?:OPENWEATHER(?:MAP)?_(?:API_)?KEY|OWM_API_KEY)$/,
    queryKeys: /^appid$/,
    hosts: ['api.openweathermap.org', 'pro.openweathermap.org'],
  },
  {
    name: 'Honeycomb',
    vars: /^HONEYCOMB_(?:API_KEY|WRITE_KEY)$/,
    hosts: ['api.honeycomb.io', 'api.eu1.honeycomb.io'],
  },
];

/** Programs that send one request to the URL they are given (where an issuer-bound value may go). */
export const REQUEST_PROGRAMS: ReadonlySet<string> = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'xhs',
]);
/** Programs that only shape a request's reply for the terminal (`| jq .login`). */
export const REPLY_READERS: ReadonlySet<string> = new Set([
  'jq',
  'yq',
  'head',
  'tail',
  'grep',
  'wc',
  'sort',
  'uniq',
  'cut',
  'column',
]);

/** `$NAME`, `${NAME}`, and PowerShell's `$env:NAME` and `${env:NAME}`. */
const VAR_REF = /\$\{?(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}?/gi;

/**
 * The issuers of the credentials a command names, by variable (`$STRIPE_SECRET_KEY`) or by format;
 * at most the table's length, in table order.
 */
/**
 * An interpreter's read of one variable: Python's `os.environ['X']`, `os.environ.get('X')` and
 * `os.getenv('X')`, Node's `process.env.X`, Ruby's `ENV['X']` and `ENV.fetch('X')`, Perl's
 * `$ENV{X}`, Go's `os.Getenv("X")`, Elixir's `System.get_env("X")`.
 */
const CODE_VAR_REF =
  /(?:\benviron(?:\.get\(|\[)|\bgetenv\(|\bGetenv\(|\bget_env\(|\bprocess\.env(?:\.|\[)|\bENV(?:\[|\.fetch\(|\{))\s*['"]?([A-Za-z_][A-Za-z0-9_]{0,127})/g;

export function issuersNamedIn(command: string): Issuer[] {
  const names = new Set<string>();
  const text = command.slice(0, 65_536);
  for (const m of text.matchAll(VAR_REF)) names.add(m[1] ?? '');
  // most commands run no interpreter code reading the environment: one cheap test first
  if (text.includes('env') || text.includes('ENV'))
    for (const m of text.matchAll(CODE_VAR_REF)) names.add(m[1] ?? '');
  return ISSUERS.filter(
    (i) => [...names].some((n) => i.vars.test(n)) || (i.format?.test(command) ?? false),
  );
}

/** Most credentials of an issuer's format read from one command. */
const MAX_FORMAT_MATCHES = 64;

/**
 * Every credential in `command` written in an issuer's format (`sk_test_...`, `ghp_...`), with
 * its offsets: the flow check recognises a tainted key by its issuer even where the secret
 * detector's entropy checks pass it over.
 */
export function issuerFormatMatches(
  command: string,
): { kind: string; start: number; end: number; value: string }[] {
  const text = command.slice(0, 65_536);
  const out: { kind: string; start: number; end: number; value: string }[] = [];
  for (const i of ISSUERS) {
    if (i.format === undefined) continue;
    for (const m of text.matchAll(new RegExp(i.format.source, 'g'))) {
      out.push({ kind: i.name, start: m.index, end: m.index + m[0].length, value: m[0] });
      if (out.length >= MAX_FORMAT_MATCHES) return out;
    }
  }
  return out;
}

/** Every issuer account identifier in `command`, with its offsets and issuer. */
export function issuerIdMatches(command: string): { start: number; end: number; issuer: Issuer }[] {
  const text = command.slice(0, 65_536);
  const out: { start: number; end: number; issuer: Issuer }[] = [];
  for (const issuer of ISSUERS) {
    if (issuer.ids === undefined) continue;
    for (const m of text.matchAll(new RegExp(issuer.ids.source, 'g'))) {
      out.push({ start: m.index, end: m.index + m[0].length, issuer });
      if (out.length >= MAX_FORMAT_MATCHES) return out;
    }
  }
  return out;
}

/** The issuer whose credential the environment variable `name` holds, or null. */
export function issuerOfVariable(name: string): Issuer | null {
  return ISSUERS.find((i) => i.vars.test(name)) ?? null;
}

/** The issuer whose token the command `argv` prints (`gh auth token`), or null. */
export function issuerOfTokenCommand(argv: readonly string[]): Issuer | null {
  const words = argv.join(' ');
  return ISSUERS.find((i) => i.cli?.test(words) === true) ?? null;
}

/** The issuer of a literal credential, by its format or else by the header that carries it. */
export function issuerOfLiteral(value: string, header: string | null): Issuer | null {
  const h = header?.toLowerCase();
  return (
    ISSUERS.find((i) => i.format?.test(value) === true) ??
    (h === undefined ? null : (ISSUERS.find((i) => i.headers?.includes(h) === true) ?? null))
  );
}

/** The issuer whose own CLI `name` is (`stripe`), or null. */
export function issuerOfProgram(name: string): Issuer | null {
  return ISSUERS.find((i) => i.programs?.includes(name) === true) ?? null;
}

/** True when `host` is one of the issuer's API hosts. */
export function issuerHost(issuer: Issuer, host: string): boolean {
  return hostOnList(host, issuer.hosts);
}

/** The issuer one of whose API hosts `host` is, or null. */
export function issuerOfHost(host: string): Issuer | null {
  return ISSUERS.find((i) => hostOnList(host, i.hosts)) ?? null;
}

/** The issuer names and hosts, for documentation and tests. */
export const ISSUER_TABLE: readonly {
  name: string;
  hosts: readonly string[];
  headers?: readonly string[];
  programs?: readonly string[];
}[] = ISSUERS;

export type { Issuer };
