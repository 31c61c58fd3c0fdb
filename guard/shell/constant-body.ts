// A request whose body is a short constant the command spells out (`curl -X POST URL -d
// '{"ping":1}'`): nothing read from a file, the environment, a program's output or standard input
// leaves, so the send is not an upload of data (docs/guard.md "Egress"). The secret detector still
// reads the literal itself. A deploy notification may name the revision it is of (`$(git describe
// --tags)`, revision-names.ts) and post to its vendor's webhook URL, whose secret part may be a
// variable (`https://hooks.slack.com/services/T0/B0/$SLACK_HOOK_SECRET`).
import type { ShellAnalysis, ShellCommand } from './model.js';
import { namesRevision } from './revision-names.js';
import { canonicalHost } from '../egress/hosts.js';
import { issuerOfHost } from '../egress/issuers.js';

/** Most bytes of constant body that pass: a status line or a ping, never a pasted file. */
export const MAX_CONSTANT_BODY = 256;

const BODY_FLAGS = /^(?:-d|--data|--data-raw|--data-ascii|--data-binary|--data-urlencode|--json)$/;
const JOINED_BODY = /^--(?:data|data-raw|data-ascii|data-binary|data-urlencode|json)=/;
/** Options that read a file or send one, whatever their value looks like. */
const FILE_OPTIONS =
  /^(?:-T|--upload-file|-F|--form|-K|--config|--form-string|-b|--cookie)$|^--(?:upload-file|form|config)=/;
/**
 * A webhook URL kept in a variable named for its chat or automation vendor
 * (`$SLACK_WEBHOOK_URL`, `${DISCORD_WEBHOOK}`): posting to it is that secret's use.
 */
const VENDOR_WEBHOOK_VAR =
  /^\$\{?(?:SLACK|DISCORD|TEAMS|MSTEAMS|MS_TEAMS|GOOGLE_CHAT|GCHAT|MATTERMOST|ROCKETCHAT|ROCKET_CHAT|ZULIP|ZAPIER|IFTTT|PAGERDUTY|OPSGENIE|DATADOG)_(?:[A-Z0-9]+_){0,3}WEBHOOK(?:_URL)?\}?$/;

/** A vendor's incoming-webhook URL, its host and path head literal; only what follows may vary. */
const VENDOR_WEBHOOK_URL =
  /^https:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)\/|(?:discord|discordapp)\.com\/api\/webhooks\/|[\w-]+\.webhook\.office\.com\/|outlook\.office\.com\/webhook\/|chat\.googleapis\.com\/v1\/spaces\/|hooks\.zapier\.com\/hooks\/|maker\.ifttt\.com\/trigger\/)[^\s`]*$/;

/** Variables a webhook URL's secret part is kept in, named for the hook or its vendor. */
const HOOK_VAR = /^(?:[A-Z0-9_]*(?:HOOK|SLACK|DISCORD|TEAMS|GCHAT|ZAPIER|IFTTT)[A-Z0-9_]*)$/;

/** A vendor's webhook URL whose only variables are its own secret part. */
function vendorWebhookUrl(a: string): boolean {
  if (!VENDOR_WEBHOOK_URL.test(a) || a.includes('$(')) return false;
  return [...a.matchAll(/\$\{?(\w*)\}?/g)].every((m) => HOOK_VAR.test(m[1] ?? ''));
}

/** A `$(git ...)` or backtick substitution inside a body; namesRevision vets the command itself. */
const GIT_SUBSTITUTION = /\$\(git\s[^()$`;|&<>]*\)|`git\s[^`$;|&<>]*`/g;

/**
 * A run of 16 or more key characters mixing letters and digits (`auth=7f8c8fce2864...`, an account
 * SID): possibly a credential of a format no detector knows, so the body is not a harmless constant.
 */
function keyShaped(body: string): boolean {
  // a field's name is no part of its value (`region=eu-west-1`); base64 padding is
  for (const m of body.slice(0, MAX_CONSTANT_BODY + 1).matchAll(/[A-Za-z0-9_+/-]{16,}={0,2}/g))
    if (/\d/.test(m[0]) && /[A-Za-z]/.test(m[0]) && !WORDS.test(m[0])) return true;
  return false;
}

/** Words joined by `-` or `_`, a short number among them (`us-east-1-canary`): a name, no key. */
const WORDS = /^[A-Za-z]+(?:[-_](?:[A-Za-z]+|\d{1,4}))*$/;

/** wget's literal bodies (`--post-file` and `--body-file` are files, read by the upload intent). */
const WGET_BODY = /^--(?:post|body)-data$/;
const WGET_JOINED = /^--(?:post|body)-data=/;

/**
 * True when a curl or wget body itself carries data: a file (`@x`), a variable or substitution, a
 * key-shaped literal (unless to an issuer's own API) or more than MAX_CONSTANT_BODY bytes. A data
 * option makes the request a POST (or, with `-G`, puts the data in the query), so such a body is
 * sent with `-X POST` or without; a literal body beside a credential header or a webhook variable
 * is judged as the request without it. A form's files are read by the upload intent itself.
 */
export function dataBody(cmd: ShellCommand): boolean {
  const wget = cmd.name === 'wget';
  if (cmd.name !== 'curl' && !wget) return false;
  let bytes = 0;
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i] ?? '';
    const body = (wget ? WGET_BODY : BODY_FLAGS).test(a)
      ? cmd.argv[++i]
      : (wget ? WGET_JOINED : JOINED_BODY).test(a)
        ? a.slice(a.indexOf('=') + 1)
        : undefined;
    if (body === undefined) continue;
    if (/^@|[$`]/.test(body) || (keyShaped(body) && !toIssuerHosts(cmd))) return true;
    bytes += Buffer.byteLength(body, 'utf8');
  }
  return bytes > MAX_CONSTANT_BODY;
}

/** Options that send the request through another host or map the name elsewhere. */
const ROUTE_OPTIONS = /^(?:-x|--proxy|--resolve|--connect-to|--preproxy|--doh-url)(?:=|$)/;

/**
 * Every URL of the call is HTTPS to an issuer's API host (docs/guard.md "Credentials and their
 * issuers") and nothing routes it elsewhere: a key-shaped literal there is that vendor's key in
 * its own API's form (`-d 'key=<40 hex>'` to api.wandb.ai), a look-alike host is no issuer's.
 */
function toIssuerHosts(cmd: ShellCommand): boolean {
  let urls = 0;
  for (const a of cmd.argv) {
    if (ROUTE_OPTIONS.test(a)) return false;
    if (!/^https?:\/\//i.test(a)) continue;
    const h = canonicalHost(a);
    if (!a.toLowerCase().startsWith('https://') || h === null || issuerOfHost(h) === null)
      return false;
    urls++;
  }
  return urls > 0;
}

/**
 * True when every word of the curl call is literal text (no variable, substitution or `@file`),
 * except a URL operand held in a vendor's webhook variable or a variable part of a vendor's webhook
 * URL and substitutions that name the revision, its bodies (none at all is fine) add up to at most
 * MAX_CONSTANT_BODY bytes, and nothing feeds its standard input. Attacker-controlled text.
 */
export function constantBody(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (cmd.name !== 'curl' || cmd.substitution) return false;
  if (cmd.redirects.some((r) => r.op === '<' || r.op === '<<' || r.op === '<<<')) return false;
  if (cmd.stdin !== undefined || (cmd.pipeline >= 0 && cmd.stage > 0)) return false;
  // a command of the same script could have written what the request names; a substitution that
  // names the revision reads nothing
  const others = all.commands.filter(
    (c) => c !== cmd && !(c.pipeline === cmd.pipeline && c.pipeline >= 0),
  );
  if (others.some((c) => !(c.substitution && namesRevision(c)))) return false;
  let bytes = 0;
  let issuer: boolean | undefined;
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i] ?? '';
    if (FILE_OPTIONS.test(a)) return false;
    const body = BODY_FLAGS.test(a)
      ? cmd.argv[++i]
      : JOINED_BODY.test(a)
        ? a.slice(a.indexOf('=') + 1)
        : undefined;
    if (body !== undefined) {
      const text = others.length > 0 ? body.replace(GIT_SUBSTITUTION, 'REV') : body;
      if (/^@|[$`]/.test(text) || (keyShaped(text) && !(issuer ??= toIssuerHosts(cmd))))
        return false;
      bytes += Buffer.byteLength(body, 'utf8');
      continue;
    }
    if (/[$`]/.test(a) && !VENDOR_WEBHOOK_VAR.test(a) && !vendorWebhookUrl(a)) return false;
    // `-H @file` reads headers from a file; `--variable`/`--expand-*` read files or the environment
    if (a.startsWith('@') || /^--(?:variable|expand-)/.test(a)) return false;
  }
  // `curl -X POST URL -H 'DD-API-KEY: ...'` with no body sends what the same GET would
  return bytes <= MAX_CONSTANT_BODY;
}
