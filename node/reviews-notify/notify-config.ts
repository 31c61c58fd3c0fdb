// docs/operator.md "config.json" `reviews.notify`: a command the node runs when a review is pending,
// e.g. `{"command": ["/usr/bin/notify-send", "mesh: review pending"], "timeoutSeconds": 5}`.
import { ConfigError } from '../errors.js';

export interface NotifyConfig {
  /** The program and its arguments, run without a shell; the masked summary arrives on stdin. */
  command: string[];
  /** How long it may run before it is killed (1..60 s). */
  timeoutSeconds: number;
}

export const NOTIFY_DEFAULT_TIMEOUT_SECONDS = 5;
const MAX_TIMEOUT_SECONDS = 60;
const MAX_WORDS = 64;
const MAX_WORD_BYTES = 4096;

/**
 * Validates `reviews.notify` (the config may be shared: every word bounded, no shell).
 * @throws ConfigError config_invalid on an unknown key, an empty command or a timeout outside 1..60
 * @example parseNotifySection({ command: ['notify-send', 'mesh'] }, 'config.json')
 */
export function parseNotifySection(raw: unknown, source: string): NotifyConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError('config_invalid', `${source}: "reviews.notify" must be an object`);
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (k !== 'command' && k !== 'timeoutSeconds')
      throw new ConfigError('config_invalid', `${source}: unknown key "reviews.notify.${k}"`);
  const c = o.command;
  if (
    !Array.isArray(c) ||
    c.length === 0 ||
    c.length > MAX_WORDS ||
    !c.every((w) => typeof w === 'string' && w !== '' && Buffer.byteLength(w) <= MAX_WORD_BYTES)
  )
    throw new ConfigError(
      'config_invalid',
      `${source}: "reviews.notify.command" must be a list of 1 to ${MAX_WORDS} non-empty strings`,
      'e.g. ["notify-send", "mesh: a review is pending"]; it runs without a shell',
    );
  const t = o.timeoutSeconds ?? NOTIFY_DEFAULT_TIMEOUT_SECONDS;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 1 || t > MAX_TIMEOUT_SECONDS)
    throw new ConfigError(
      'config_invalid',
      `${source}: "reviews.notify.timeoutSeconds" must be an integer from 1 to ${MAX_TIMEOUT_SECONDS}`,
    );
  return { command: c as string[], timeoutSeconds: t };
}
