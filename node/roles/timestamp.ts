// `mesh serve --role timestamp` (TUF 1.0.34 §6.1 online roles): re-signs timestamp, and snapshot near
// its end, on a schedule so a repository without publishes never expires under its subscribers.
// Config: {"timestamp": {"checkSeconds": 600, "refreshBeforeSeconds": N}}; expiries from governance.
import type { Hono } from 'hono';
import { PublishKeys, refreshRepository, withRepoLock } from '../../packs/index.js';
import { ConfigError, UsageError } from '../errors.js';
import { governancePolicy, publishRules } from '../state/governance.js';
import type { RoleDefinition, RoleHealth, RoleOptions } from './role.js';

interface TimestampConfig {
  checkSeconds: number;
  /** Re-sign when less than this is left; default half the timestamp's lifetime. */
  refreshBeforeSeconds?: number;
}

function positive(v: unknown, key: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    throw new ConfigError('config_invalid', `timestamp.${key} must be a positive integer`);
  return v;
}

function readConfig(config: Record<string, unknown>): TimestampConfig {
  const raw: unknown = config.timestamp ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError('config_invalid', '"timestamp" must be an object');
  const out: TimestampConfig = { checkSeconds: 600 };
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (k === 'checkSeconds') out.checkSeconds = positive(v, k);
    else if (k === 'refreshBeforeSeconds') out.refreshBeforeSeconds = positive(v, k);
    else
      throw new ConfigError(
        'config_invalid',
        `timestamp.${k} is not a known setting (checkSeconds, refreshBeforeSeconds)`,
      );
  }
  return out;
}

export const timestampRole: RoleDefinition = {
  name: 'timestamp',
  async mount(_app: Hono, opts: RoleOptions) {
    if (opts.repo === undefined || opts.keys === undefined)
      throw new UsageError('--role timestamp needs --repo DIR and --keys DIR');
    const repo = opts.repo;
    const cfg = readConfig(opts.config);
    const rules = publishRules(
      governancePolicy(opts.config.governance as Record<string, unknown> | undefined),
    );
    const keys = new PublishKeys(opts.keys);
    // Loaded now so a missing or too-open key file stops the server at start, not a day later.
    const signer = keys.load('timestamp').signer;
    keys.load('snapshot');
    opts.log.info('timestamp ready', { keyid: signer.keyid, public: signer.key.publicKey });
    // /healthz: ready while re-signing works; a repository another writer holds stays ready (the
    // next tick tries again) until the timestamp it serves has expired; any other refusal fails.
    let health: RoleHealth = { state: 'starting', detail: 'first check of timestamp' };
    let expiresAt = 0;
    const tick = async (): Promise<void> => {
      const now = Date.now();
      try {
        const r = await withRepoLock(repo, () =>
          refreshRepository(repo, keys, rules, {
            now,
            ...(cfg.refreshBeforeSeconds === undefined
              ? {}
              : { leadMs: cfg.refreshBeforeSeconds * 1000 }),
          }),
        );
        expiresAt = Date.parse(r.expires.timestamp);
        health = {
          state: 'ready',
          detail: `timestamp version ${r.versions.timestamp} expires ${r.expires.timestamp}`,
        };
        if (r.refreshed)
          opts.log.info('timestamp re-signed', {
            timestamp: r.versions.timestamp,
            snapshot: r.versions.snapshot,
            expires: r.expires.timestamp,
          });
      } catch (e) {
        // A publish holding the lock: the next tick tries again.
        const code = (e as { code?: string }).code ?? 'internal';
        const detail = `re-signing refused (${code}): ${(e as Error).message}`;
        const transient = code === 'repository_busy' && expiresAt > now;
        health = { state: transient ? 'ready' : 'failed', detail };
        opts.log.warn('timestamp refresh failed', { code, error: (e as Error).message });
      }
    };
    // The first check runs before the server reports ready: an expired timestamp is renewed at once.
    await tick();
    let running = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(tick);
    }, cfg.checkSeconds * 1000);
    timer.unref();
    return {
      publicKeys: { timestamp: signer.key.publicKey },
      close: async () => {
        clearInterval(timer);
        await running;
      },
      health: () => health,
    };
  },
};
