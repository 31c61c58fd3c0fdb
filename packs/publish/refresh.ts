// TUF 1.0.34 §6.1 steps 2-3 without a publish: the online process re-signs timestamp (and snapshot
// when its end is near) so a repository nobody publishes to does not expire under its subscribers.
import { openRepository, writeRepository } from '../../tuf/index.js';
import type { PublishKeys } from './keys.js';
import { readJournal } from './journal.js';
import { PackError } from '../errors.js';
import type { PublishRules } from './rules.js';

export interface RefreshResult {
  /** Whether anything was re-signed (false when neither role was due and `force` was not set). */
  refreshed: boolean;
  snapshotResigned: boolean;
  versions: { snapshot: number; timestamp: number };
  expires: { snapshot: string; timestamp: string };
}

/** Due once less than `lead` is left (default: half of the role's lifetime). */
function due(expiresAt: number, lifetime: number, now: number, lead?: number): boolean {
  return expiresAt - now < (lead ?? lifetime / 2);
}

/**
 * Re-signs timestamp (always when `force`, else when due: less than `leadMs` left, default half its
 * lifetime) and snapshot when less than half of its own lifetime is left, once. Refuses while
 * a publish is pending: finishing it writes its own timestamp.
 *
 * @throws PackError publish_invalid | publish_keys_missing
 * @example refreshRepository('/srv/repo', new PublishKeys('/srv/keys'), rules, { force: true })
 */
export function refreshRepository(
  repoDir: string,
  keys: PublishKeys,
  rules: PublishRules,
  opts: { force?: boolean; now?: number; leadMs?: number } = {},
): RefreshResult {
  if (readJournal(repoDir) !== undefined)
    throw new PackError(
      'publish_invalid',
      `a publish into ${repoDir} is pending`,
      'run the same mesh publish again to finish it; it re-signs timestamp too',
    );
  const now = opts.now ?? Date.now();
  const repo = openRepository(repoDir, rules.expiry);
  const life = (r: string): number => rules.expiry[r] ?? 0;
  const snapshotDue = due(repo.expiresAt('snapshot'), life('snapshot'), now);
  const timestampDue =
    snapshotDue || due(repo.expiresAt('timestamp'), life('timestamp'), now, opts.leadMs);
  const refreshed = opts.force === true || timestampDue;
  let snapshotResigned = false;
  if (refreshed) {
    const signers = {
      timestamp: [keys.load('timestamp').signer],
      ...(snapshotDue ? { snapshot: [keys.load('snapshot').signer] } : {}),
    };
    writeRepository(repoDir, repo.refresh(signers, now, snapshotDue));
    snapshotResigned = snapshotDue;
  }
  const iso = (ms: number): string => new Date(ms).toISOString();
  return {
    refreshed,
    snapshotResigned,
    versions: { snapshot: repo.versionOf('snapshot'), timestamp: repo.versionOf('timestamp') },
    expires: {
      snapshot: iso(repo.expiresAt('snapshot')),
      timestamp: iso(repo.expiresAt('timestamp')),
    },
  };
}
