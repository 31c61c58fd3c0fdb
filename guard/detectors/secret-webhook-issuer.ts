// A chat vendor's incoming-webhook URL is its own credential: posting to it is its intended use,
// so its issuer is the vendor host the URL itself names (docs/guard.md "Credentials and their
// issuers"). The URL sent anywhere else, or beside a file or another secret, still leaves.
import type { Issuer } from '../egress/issuers.js';
import type { SecretMatch } from './secrets.js';

/** Each webhook format's vendor, with the only hosts its webhook URLs live on. */
const WEBHOOKS: Readonly<Record<string, Issuer>> = {
  slack_webhook: {
    name: 'Slack webhook',
    vars: /^SLACK_WEBHOOK(?:_URL)?$/,
    hosts: ['hooks.slack.com'],
  },
  discord_webhook: {
    name: 'Discord webhook',
    vars: /^DISCORD_WEBHOOK(?:_URL)?$/,
    hosts: ['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com'],
  },
  teams_webhook: {
    name: 'Teams webhook',
    vars: /^(?:MS_)?TEAMS_WEBHOOK(?:_URL)?$/,
    hosts: ['*.webhook.office.com'],
  },
};

/**
 * The vendor of a webhook URL typed whole (`https://hooks.slack.com/services/...`), or null for
 * any other match, including a percent-encoded webhook inside another URL's query.
 */
export function webhookIssuer(m: SecretMatch): Issuer | null {
  if (!m.kind.endsWith('_webhook') || !m.value.startsWith('https://')) return null;
  return Object.hasOwn(WEBHOOKS, m.kind) ? (WEBHOOKS[m.kind] ?? null) : null;
}
