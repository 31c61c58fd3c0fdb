// docs/operator.md "config.json": the node config's `reviews` section, how many distinct people approve
// an escalated call: `{"quorum": {"default": 1, "rules": {"pay.*": 2, "deploy.prod": 3}}}`.
import { MAX_QUORUM, type QuorumPolicy } from '../../guard/index.js';
import { ConfigError } from '../errors.js';
import { parseNotifySection, type NotifyConfig } from '../reviews-notify/notify-config.js';

export interface ReviewsConfig {
  quorum?: QuorumPolicy;
  notify?: NotifyConfig;
}

function count(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > MAX_QUORUM)
    throw new ConfigError(
      'config_invalid',
      `${where} must be an integer from 1 to ${MAX_QUORUM}`,
      'a quorum counts distinct approvers; 1 is one person',
    );
  return v;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates the `reviews` section (attacker-controlled if the config file is shared).
 * @throws ConfigError config_invalid on an unknown key or a quorum outside 1..16
 * @example parseReviewsSection({ quorum: { rules: { 'pay.*': 2 } } }, 'config.json')
 */
export function parseReviewsSection(raw: unknown, source: string): ReviewsConfig {
  if (!isObject(raw))
    throw new ConfigError('config_invalid', `${source}: "reviews" must be an object`);
  for (const k of Object.keys(raw))
    if (k !== 'quorum' && k !== 'notify')
      throw new ConfigError('config_invalid', `${source}: unknown key "reviews.${k}"`);
  const notify = raw.notify === undefined ? {} : { notify: parseNotifySection(raw.notify, source) };
  if (raw.quorum === undefined) return notify;
  const q = raw.quorum;
  if (!isObject(q))
    throw new ConfigError('config_invalid', `${source}: "reviews.quorum" must be an object`);
  const policy: QuorumPolicy = {};
  for (const k of Object.keys(q))
    if (k !== 'default' && k !== 'rules')
      throw new ConfigError('config_invalid', `${source}: unknown key "reviews.quorum.${k}"`);
  if (q.default !== undefined)
    policy.default = count(q.default, `${source}: "reviews.quorum.default"`);
  if (q.rules !== undefined) {
    if (!isObject(q.rules))
      throw new ConfigError(
        'config_invalid',
        `${source}: "reviews.quorum.rules" must be an object`,
      );
    const rules: Record<string, number> = {};
    for (const [rule, n] of Object.entries(q.rules))
      rules[rule] = count(n, `${source}: "reviews.quorum.rules.${rule}"`);
    policy.rules = rules;
  }
  return { ...notify, quorum: policy };
}
