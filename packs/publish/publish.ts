// docs/architecture.md "Publish": `mesh publish` as a library. Online changes (canary packs, DAP task files) are
// signed and published at once; a change to an offline role (stable) becomes a TUF ceremony proposal
// (tuf/ proposal format) that `applySigned` finishes once keyholders have assembled it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  countValidSignatures,
  openRepository,
  parseEnvelopeBytes,
  parseRoot,
  parseTargets,
  type Envelope,
  type Proposal,
  type RepoFile,
  type Repository,
  type Signer,
} from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { sha256Hex } from '../leaf.js';
import { writeFileAtomic } from '../../common/index.js';
import { compilePack } from '../pack.js';
import { initRepository, type DelegationPolicy } from './init-repo.js';
import { initDir } from './repo-init.js';
import { requireRisingVersion } from './monotonic.js';
import type { PublishRules } from './rules.js';
import { raiseWitnessFloor, requireWitnessFloor } from './witness-floor.js';
import { readJournal, writeJournal } from './journal.js';
import type { PublishKeys } from './keys.js';
import { journalFor } from './leaves.js';
import { requirePassingPackTests } from './pack-gate.js';
import { commitJournal, openLog, type Committed, type LogConfig } from './log-append.js';
import { hashedName, roleForPath } from './paths.js';

export interface PublishContext {
  repoDir: string;
  keys: PublishKeys;
  log: LogConfig;
  /** Used only to initialise an empty repository; governance's DELEGATIONS in practice. */
  delegations: readonly DelegationPolicy[];
  /** Governance's decisions: expiries, threshold floors, the pack licence, the witness floor. */
  rules: PublishRules;
  now?: number;
}

export interface PublishResult extends Committed {
  initialised: boolean;
  versions: Record<string, number>;
  targets: { path: string; file: string; sha256: string }[];
}

export interface Addition {
  path: string;
  bytes: Uint8Array;
}

function hasRepository(dir: string): boolean {
  const meta = join(dir, 'metadata');
  return existsSync(meta) && readdirSync(meta).some((f) => /^\d+\.root\.json$/.test(f));
}

/** Finishes a publish that was cut short (crash, witness quorum), with its journalled bytes. */
export async function resumePending(ctx: PublishContext): Promise<Committed | undefined> {
  const j = readJournal(ctx.repoDir);
  if (j === undefined) return undefined;
  const done = await commitJournal(ctx.repoDir, j, ctx.log);
  raiseWitnessFloor(ctx.repoDir, ctx.log.quorum);
  return done;
}

export function onlineSigners(
  ctx: PublishContext,
  roles: readonly string[],
): Record<string, Signer[]> {
  const out: Record<string, Signer[]> = {};
  for (const r of roles) {
    if (r === 'canary' || r === 'snapshot' || r === 'timestamp' || r === 'root' || r === 'targets')
      out[r] = [ctx.keys.load(r).signer];
  }
  return out;
}

/** Governance's threshold floor for every offline role the repository has, as it will be published. */
export function requireThresholds(ctx: PublishContext, repo: Repository): void {
  ctx.rules.requireThreshold('root', repo.root.roles.root.threshold);
  ctx.rules.requireThreshold('targets', repo.root.roles.targets.threshold);
  if (repo.targets.has('stable'))
    ctx.rules.requireThreshold('stable', repo.authority('stable').role.threshold);
}

/** Governance's licence for every pack among the additions (DAP task files carry none). */
function requireLicences(ctx: PublishContext, additions: readonly Addition[]): void {
  for (const a of additions) {
    if (!a.path.startsWith('packs/')) continue;
    const doc = JSON.parse(new TextDecoder().decode(a.bytes)) as unknown;
    ctx.rules.requireLicence(compilePack(doc, a.path).meta.licence);
  }
}

export async function commit(
  ctx: PublishContext,
  repo: Repository,
  files: RepoFile[],
  initialised: boolean,
  added: readonly Addition[],
): Promise<PublishResult> {
  requireWitnessFloor(ctx.repoDir, ctx.log.quorum, ctx.rules.forceUnwitnessed);
  // One open of the log for the whole publish: its size starts the journal, then it commits it.
  const log = await openLog(ctx.repoDir, ctx.log);
  let done: Committed;
  try {
    const j = journalFor(repo, files, log.size);
    writeJournal(ctx.repoDir, j);
    done = await commitJournal(ctx.repoDir, j, ctx.log, log);
  } finally {
    await log.close();
  }
  raiseWitnessFloor(ctx.repoDir, ctx.log.quorum);
  const versions: Record<string, number> = {};
  for (const r of ['root', 'targets', 'canary', 'stable', 'snapshot', 'timestamp'])
    if (r === 'root' || r === 'timestamp' || r === 'snapshot' || repo.targets.has(r))
      versions[r] = repo.versionOf(r);
  return {
    ...done,
    initialised,
    versions,
    targets: added.map((a) => {
      const sha256 = sha256Hex(a.bytes);
      return { path: a.path, sha256, file: `targets/${hashedName(a.path, sha256)}` };
    }),
  };
}

/**
 * Publishes targets the online canary role signs (canary packs, DAP task files): checks each
 * pack's licence and its own tests, finishes any publish cut short, signs canary, snapshot and
 * timestamp (initialising the repository when empty), appends the leaves to the transparency log
 * and gathers the witnesses' cosignatures before the files are placed.
 *
 * @throws {PackError} publish_invalid (a path the canary role does not sign), publish_keys_missing,
 * pack_untested, pack_tests_failed, pack_version_lower, pack_version_reused, repository_busy,
 * quorum_not_met, witness_quorum_required
 * @throws {GovernanceError} licence_refused, threshold_too_low (from the publish rules)
 * @example
 * const result = await publishOnline(ctx, [
 *   { path: packTargetPath('core', 'canary'), bytes: readFileSync('core.pack.json') },
 * ]);
 * result.targets[0]?.file; // targets/packs/core/canary/<sha256>.core.json
 */
export async function publishOnline(
  ctx: PublishContext,
  additions: readonly Addition[],
): Promise<PublishResult> {
  requireLicences(ctx, additions);
  await requirePassingPackTests(additions);
  await resumePending(ctx);
  const now = ctx.now ?? Date.now();
  const initialised = !hasRepository(ctx.repoDir);
  if (initialised && existsSync(initDir(ctx.repoDir)))
    throw new PackError(
      'publish_invalid',
      `${ctx.repoDir} was started by mesh repo init: its threshold roles are not applied yet`,
      'assemble the version-1 proposals, then mesh publish --apply ROOT --apply TARGETS --apply STABLE',
    );
  const repo = initialised
    ? initRepository(ctx.keys, ctx.delegations, now, ctx.rules.expiry)
    : openRepository(ctx.repoDir, ctx.rules.expiry);
  requireThresholds(ctx, repo);
  for (const a of additions) {
    if (roleForPath(a.path) !== 'canary')
      throw new PackError('publish_invalid', `${a.path} is not signed by the online canary role`);
    requireRisingVersion(ctx.repoDir, repo, 'canary', a.path, a.bytes);
    repo.addTarget('canary', a.path, a.bytes);
  }
  const roles = initialised
    ? ['root', 'targets', 'canary', 'snapshot', 'timestamp']
    : ['canary', 'snapshot', 'timestamp'];
  if (initialised && !ctx.keys.has('stable'))
    throw new PackError('publish_keys_missing', 'initialising a repository needs stable.key');
  const signers = onlineSigners(ctx, roles);
  if (initialised) signers.stable = [ctx.keys.load('stable').signer];
  const files = repo.publish(signers, now);
  return commit(ctx, repo, files, initialised, additions);
}

export const stagingDir = (repoDir: string): string => `${repoDir}.staging`;

/** A stable-ring change: the unsigned next version of the offline stable role, its bytes staged. */
export function proposeOffline(
  repoDir: string,
  role: string,
  additions: readonly Addition[],
  rules: PublishRules,
): Proposal {
  if (!hasRepository(repoDir))
    throw new PackError(
      'publish_invalid',
      `no repository at ${repoDir}`,
      'publish to canary first',
    );
  const repo = openRepository(repoDir, rules.expiry);
  for (const a of additions) {
    if (a.path.startsWith('packs/')) {
      const doc = JSON.parse(new TextDecoder().decode(a.bytes)) as unknown;
      rules.requireLicence(compilePack(doc, a.path).meta.licence);
    }
    requireRisingVersion(repoDir, repo, role, a.path, a.bytes);
    repo.addTarget(role, a.path, a.bytes);
    writeFileAtomic(join(stagingDir(repoDir), sha256Hex(a.bytes)), a.bytes);
  }
  const signed = repo.nextSigned(role);
  return { role, version: repo.versionOf(role), signed };
}

function inferRole(repo: Repository, env: Envelope): string {
  if (env.signed._type === 'root') return 'root';
  const version = env.signed.version;
  const fits = [...repo.targets.keys()].filter((name) => {
    if (version !== repo.versionOf(name) + 1) return false;
    const { role, keys } = repo.authority(name);
    return countValidSignatures(role, keys, env) >= role.threshold;
  });
  if (fits.length !== 1)
    throw new PackError(
      'publish_invalid',
      fits.length === 0
        ? 'the signed file is not the next version of any role, or misses its threshold'
        : `the signed file fits several roles (${fits.join(', ')})`,
      'name the role with --role',
    );
  return fits[0] as string;
}

/** `mesh publish --apply`: installs assembled offline metadata, then snapshot, timestamp, log, proofs. */
export async function applySigned(
  ctx: PublishContext,
  envelopeBytes: Uint8Array,
  roleHint?: string,
): Promise<PublishResult> {
  await resumePending(ctx);
  const env = parseEnvelopeBytes(envelopeBytes);
  const repo = openRepository(ctx.repoDir, ctx.rules.expiry);
  const role = roleHint ?? inferRole(repo, env);
  const extra: RepoFile[] = [];
  const added: Addition[] = [];
  const next = role === 'root' ? parseRoot(env.signed).version : parseTargets(env.signed).version;
  // An older (or replayed) version would roll the repository back: only the next one is applied.
  if (next !== repo.versionOf(role) + 1)
    throw new PackError(
      'version_not_next',
      `${role} v${next} is not the next version (the repository has v${repo.versionOf(role)}); nothing was applied`,
      `assemble a proposal for ${role} v${repo.versionOf(role) + 1}`,
    );
  if (role === 'root') {
    const previous = repo.root;
    repo.root = parseRoot(env.signed);
    repo.install('root', env, previous);
  } else {
    const t = parseTargets(env.signed);
    for (const [path, info] of t.targets) {
      const sha = info.hashes.sha256 ?? '';
      const file = `targets/${hashedName(path, sha)}`;
      if (existsSync(join(ctx.repoDir, file))) continue;
      const staged = join(stagingDir(ctx.repoDir), sha);
      if (!existsSync(staged))
        throw new PackError('target_missing', `${path}: its bytes are not staged at ${staged}`);
      const bytes = readFileSync(staged);
      if (sha256Hex(bytes) !== sha || bytes.length !== info.length)
        throw new PackError('target_missing', `${staged} does not match ${path}`);
      requireRisingVersion(ctx.repoDir, repo, role, path, bytes);
      extra.push({ path: file, bytes });
      added.push({ path, bytes });
    }
    repo.install(role, env);
    repo.targets.set(role, t);
  }
  requireThresholds(ctx, repo);
  requireLicences(ctx, added);
  const files = [repo.metadataFile(role), ...extra];
  files.push(...repo.publish(onlineSigners(ctx, ['snapshot', 'timestamp']), ctx.now ?? Date.now()));
  await requirePassingPackTests(added);
  return commit(ctx, repo, files, false, added);
}
