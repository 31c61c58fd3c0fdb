// One refresh of a subscription (docs/architecture.md "Subscribe"): verify through TUF and the log, then
// remember the pack; on any failure keep the last good pack and record why.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseVkey, type NoteVerifier } from '../../log/index.js';
import { DEFAULT_WITNESS_POLICY } from '../../governance/index.js';
import {
  PackError,
  SplitViewError,
  taskTargetPath,
  verifiedPack,
  verifiedTarget,
  withMirror,
  type FetchedPack,
  type GossipPolicy,
  type LogTrust,
  type VerifiedRepository,
} from '../../packs/index.js';
import { UsageError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { withSubscriptionLock } from './lock.js';
import { countRefusal } from './refusal-metrics.js';
import { recordSplitViews } from './split-views.js';
import type { SubscriptionSpec } from './spec.js';
import {
  readSubscription,
  subscriptionDir,
  writeSubscription,
  SUBSCRIPTION_SCHEMA,
  type SubscriptionState,
  type SubscriptionTrust,
} from './state.js';

export interface RefreshOptions {
  mirror?: string;
  /** The initial trusted root.json (required the first time). */
  rootFile?: string;
  logKeys?: string[];
  witnesses?: string[];
  quorum?: number;
  gossip?: string[];
  /** `--allow-no-witness`: accept fewer cosignatures than the governance witness quorum. */
  allowNoWitness?: boolean;
  /** `--no-gossip`: no split-view check. */
  noGossip?: boolean;
  now?: () => Date;
}

export interface RefreshOutcome {
  state: SubscriptionState;
  fetched: FetchedPack;
}

function vkeys(list: readonly string[], what: string): NoteVerifier[] {
  return list.map((v) => {
    try {
      return parseVkey(v);
    } catch (e) {
      throw new UsageError(`bad ${what} "${v}": ${(e as Error).message}`, undefined, { cause: e });
    }
  });
}

/** The governance witness quorum a subscription needs unless the operator opted out. */
export const POLICY_QUORUM = DEFAULT_WITNESS_POLICY.quorum;

/** The log trust packs/ verifies with: the subscription's keys and the governance quorum. */
export function logTrustOf(t: SubscriptionTrust): LogTrust {
  const logKeys = new Map<string, NoteVerifier[]>();
  for (const v of vkeys(t.logKeys, 'log key'))
    logKeys.set(v.name, [...(logKeys.get(v.name) ?? []), v]);
  return {
    logKeys,
    witnesses: vkeys(t.witnesses, 'witness key'),
    quorum: t.quorum,
    policyQuorum: POLICY_QUORUM,
    ...(t.allowNoWitness === true ? { allowNoWitness: true } : {}),
  };
}

export function gossipPolicyOf(t: SubscriptionTrust): GossipPolicy {
  return { peers: t.gossip, ...(t.noGossip === true ? { disabled: true } : {}) };
}

function trustFrom(prev: SubscriptionTrust | undefined, o: RefreshOptions): SubscriptionTrust {
  const mirror = o.mirror ?? prev?.mirror;
  if (mirror === undefined) throw new UsageError('give --mirror URL the first time');
  const logKeys = o.logKeys?.length ? o.logKeys : (prev?.logKeys ?? []);
  if (logKeys.length === 0) throw new UsageError('give --log-key VKEY the first time');
  const witnesses = o.witnesses?.length ? o.witnesses : (prev?.witnesses ?? []);
  const quorum =
    o.quorum ?? (o.witnesses?.length ? o.witnesses.length : (prev?.quorum ?? witnesses.length));
  if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
    throw new UsageError('--quorum must be between 0 and the number of --witness keys');
  const allowNoWitness = o.allowNoWitness ?? prev?.allowNoWitness ?? false;
  // the operator's own choice is checked at once; a stored one fails the refresh (quorum_not_met)
  const chosen = prev === undefined || o.witnesses !== undefined || o.quorum !== undefined;
  if (chosen && !allowNoWitness && Math.max(quorum, POLICY_QUORUM) > witnesses.length)
    throw new UsageError(
      `a subscription needs ${POLICY_QUORUM} witness cosignatures (the governance witness quorum)`,
      `give --witness VKEY for at least ${POLICY_QUORUM} trusted witnesses, or accept unwitnessed packs explicitly with --allow-no-witness (mesh doctor then warns)`,
    );
  if (o.noGossip === true && o.gossip?.length)
    throw new UsageError('give either --gossip URL or --no-gossip, not both');
  const noGossip = o.gossip?.length ? false : (o.noGossip ?? prev?.noGossip ?? false);
  const gossip = noGossip
    ? []
    : o.gossip?.length
      ? o.gossip
      : prev?.gossip.length
        ? prev.gossip
        : [mirror];
  return {
    mirror,
    logKeys,
    witnesses,
    quorum,
    gossip,
    ...(allowNoWitness ? { allowNoWitness: true } : {}),
    ...(noGossip ? { noGossip: true } : {}),
  };
}

function seedRoot(metadataDir: string, rootFile: string | undefined): void {
  const trusted = join(metadataDir, 'root.json');
  if (existsSync(trusted)) return;
  if (rootFile === undefined)
    throw new UsageError(
      'this subscription has no trusted root yet',
      'give --root FILE (the initial root.json)',
    );
  mkdirSync(metadataDir, { recursive: true, mode: 0o700 });
  writeFileAtomic(trusted, readFileSync(rootFile));
}

/**
 * The pack's DAP client task (tasks/<pack>/client.json), verified exactly like the pack (same
 * repository, same accepted log): only a task that came this way may receive the node's reports.
 * A repository without one is fine.
 */
async function refreshTask(
  dir: string,
  spec: SubscriptionSpec,
  repo: VerifiedRepository,
  state: SubscriptionState,
): Promise<void> {
  let task;
  try {
    task = await verifiedTarget(repo, taskTargetPath(spec.pack));
  } catch (e) {
    if (e instanceof PackError && e.code === 'target_missing') return;
    throw e;
  }
  const file = join(dir, 'tasks', `${task.leaf.sha256}.client.json`);
  if (!existsSync(file)) writeFileAtomic(file, task.bytes, { mode: 0o600 });
  state.task = { file, sha256: task.leaf.sha256 };
}

async function refreshLocked(
  stateRoot: string,
  spec: SubscriptionSpec,
  o: RefreshOptions = {},
): Promise<RefreshOutcome> {
  const now = o.now ?? (() => new Date());
  const dir = subscriptionDir(stateRoot, spec.id);
  const prev = readSubscription(dir);
  const trust = trustFrom(prev?.trust, o);
  const metadataDir = join(dir, 'metadata');
  seedRoot(metadataDir, o.rootFile);
  const state: SubscriptionState = prev ?? {
    schema: SUBSCRIPTION_SCHEMA,
    id: spec.id,
    trust,
    firstSeen: {},
    status: 'never',
  };
  state.trust = trust;
  state.lastAttempt = now().toISOString();
  try {
    // one verified repository for the pack and its task: one TUF refresh, one accepted log
    const input = {
      mirror: trust.mirror,
      metadataDir,
      downloadDir: join(dir, 'download'),
      trust: logTrustOf(trust),
      ...(state.checkpoint !== undefined ? { lastAccepted: state.checkpoint } : {}),
      gossip: gossipPolicyOf(trust),
    };
    const fetched = await withMirror(input, async (repo) => {
      const pack = await verifiedPack(repo, spec.targetPath);
      await refreshTask(dir, spec, repo, state);
      return pack;
    });
    const file = join(dir, 'packs', `${fetched.leaf.sha256}.json`);
    if (!existsSync(file)) writeFileAtomic(file, fetched.bytes);
    const at = now().toISOString();
    for (const id of fetched.meta.catalog) state.firstSeen[id] ??= at;
    state.good = {
      file,
      sha256: fetched.leaf.sha256,
      packVersion: fetched.meta.version,
      role: fetched.leaf.role,
      roleVersion: fetched.leaf.version,
      acceptedAt: at,
    };
    state.checkpoint = fetched.log.accepted;
    state.status = 'ok';
    delete state.lastError;
    writeSubscription(dir, state);
    return { state, fetched };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    // the evidence outlives this refresh: doctor fails until the operator clears it
    if (e instanceof SplitViewError)
      recordSplitViews(stateRoot, spec.id, e.message, e.evidence, now());
    const code = (e as { code?: unknown }).code;
    // a damaged metrics file must not hide the refusal; `mesh metrics` reports the damage
    await countRefusal(stateRoot, code).catch(() => undefined);
    state.status = 'failed';
    state.lastError = {
      code: typeof code === 'string' ? code : 'internal',
      message: (e as Error).message,
      at: now().toISOString(),
    };
    writeSubscription(dir, state);
    throw e;
  }
}

/** One refresh; concurrent refreshes of one subscription (any process) run one after another. */
export function refreshSubscription(
  stateRoot: string,
  spec: SubscriptionSpec,
  o: RefreshOptions = {},
): Promise<RefreshOutcome> {
  const dir = subscriptionDir(stateRoot, spec.id);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return withSubscriptionLock(dir, () => refreshLocked(stateRoot, spec, o));
}
