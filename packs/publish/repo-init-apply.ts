// TUF 1.0.34 §6.1: the first publish of a repository whose offline roles are threshold roles from
// version 1 (packs/publish/repo-init.ts): the assembled root, targets and stable v1 installed, canary,
// snapshot and timestamp signed online, every file logged and cosigned like any other publish.
import { commit, onlineSigners, requireThresholds, resumePending } from './publish.js';
import type { PublishContext, PublishResult } from './publish.js';
import { initialRepository } from './repo-init.js';

/**
 * `mesh publish --apply ROOT --apply TARGETS --apply STABLE` on a repository not yet published.
 *
 * @throws {PackError} publish_invalid (a role missing or not what `mesh repo init` staged),
 * publish_keys_missing (canary, snapshot or timestamp key), quorum_not_met, repository_busy
 * @throws {RepositoryError} signature_threshold_unmet
 * @throws {GovernanceError} threshold_too_low
 * @example
 * const r = await applyInitial(ctx, [rootSigned, targetsSigned, stableSigned]);
 * r.versions.root; // 1
 */
export async function applyInitial(
  ctx: PublishContext,
  envelopes: readonly Uint8Array[],
): Promise<PublishResult> {
  await resumePending(ctx);
  const now = ctx.now ?? Date.now();
  const repo = initialRepository(ctx.repoDir, envelopes, ctx.delegations, ctx.rules.expiry, now);
  requireThresholds(ctx, repo);
  const files = repo.publish(onlineSigners(ctx, ['canary', 'snapshot', 'timestamp']), now);
  return commit(ctx, repo, files, true, []);
}
