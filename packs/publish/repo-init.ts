// TUF 1.0.34 §6.1 with offline keys from version 1: `mesh repo init` writes root, targets and stable v1
// as ceremony proposals whose offline roles are threshold roles (docs/GOVERNANCE.md "A repository
// with threshold roles from version 1"); keyholders sign them; `mesh publish --apply` installs all three.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  canonicalString,
  keyIdOf,
  parseEnvelopeBytes,
  parseProposal,
  parseRoot,
  parseTargets,
  proposalFileBytes,
  Repository,
  type Authority,
  type Envelope,
  type ExpiryPolicy,
  type Key,
  type Proposal,
  type Role,
} from '../../tuf/index.js';
import { writeFileAtomic } from '../../common/index.js';
import { PackError } from '../errors.js';
import type { DelegationPolicy } from './init-repo.js';
import type { PublishKeys } from './keys.js';

/** Offline keys of one role and how many of them must sign. */
export interface ThresholdRole {
  keys: Key[];
  threshold: number;
}

/** The offline roles of a new repository: root, top-level targets and the delegated stable role. */
export interface InitialRoles {
  root: ThresholdRole;
  targets: ThresholdRole;
  stable: ThresholdRole;
}

export const INITIAL_ROLES = ['root', 'targets', 'stable'] as const;

/** Where `mesh repo init` stages the version-1 proposals: beside the repository, like its staging. */
export const initDir = (repoDir: string): string => `${repoDir}.init`;

const proposalFile = (repoDir: string, role: string): string =>
  join(initDir(repoDir), `1.${role}.proposal.json`);

function checkRole(name: string, r: ThresholdRole): void {
  const ids = new Set(r.keys.map(keyIdOf));
  if (ids.size !== r.keys.length)
    throw new PackError('publish_invalid', `${name}: the same key is given twice`);
  if (!Number.isSafeInteger(r.threshold) || r.threshold < 1 || r.threshold > ids.size)
    throw new PackError(
      'publish_invalid',
      `${name}: threshold ${r.threshold} needs between 1 and ${ids.size} keys`,
      `give at least ${r.threshold} --${name}-key flags, or lower --${name}-threshold`,
    );
}

/** The repository v1 in memory: offline roles from `roles`, online roles from the key files. */
function draft(
  keys: PublishKeys,
  roles: InitialRoles,
  delegations: readonly DelegationPolicy[],
  now: number,
  expiry?: ExpiryPolicy,
): Repository {
  const online = (role: 'snapshot' | 'timestamp' | 'canary'): ThresholdRole => ({
    keys: [keys.load(role).signer.key],
    threshold: 1,
  });
  const repo = Repository.create({
    roles: {
      root: roles.root,
      targets: roles.targets,
      snapshot: online('snapshot'),
      timestamp: online('timestamp'),
    },
    consistentSnapshot: true,
    now,
    ...(expiry === undefined ? {} : { expiry }),
  });
  for (const d of delegations)
    repo.delegate(
      'targets',
      {
        name: d.role,
        ...(d.role === 'stable' ? roles.stable : online('canary')),
        terminating: d.terminating,
        paths: [...d.paths],
      },
      now,
    );
  return repo;
}

/**
 * Writes the unsigned version 1 of root, targets and stable into `<repo>.init/` for keyholders to
 * sign with `mesh ceremony sign`; the online keys (snapshot, timestamp, canary) come from `keys`.
 *
 * @throws {PackError} publish_invalid (a repository exists already, a threshold the keys cannot
 * meet), publish_keys_missing (an online key file)
 * @example
 * const files = proposeInitialRepository('repo', new PublishKeys('keys'), roles, DELEGATIONS);
 * files.root; // repo.init/1.root.proposal.json
 */
export function proposeInitialRepository(
  repoDir: string,
  keys: PublishKeys,
  roles: InitialRoles,
  delegations: readonly DelegationPolicy[],
  opts: { now?: number; expiry?: ExpiryPolicy } = {},
): Record<(typeof INITIAL_ROLES)[number], string> {
  if (hasRepositoryMetadata(repoDir))
    throw new PackError(
      'publish_invalid',
      `${repoDir} already holds a repository`,
      'change its keys with mesh ceremony propose instead',
    );
  for (const r of INITIAL_ROLES) checkRole(r, roles[r]);
  const repo = draft(keys, roles, delegations, opts.now ?? Date.now(), opts.expiry);
  mkdirSync(initDir(repoDir), { recursive: true });
  const out = { root: '', targets: '', stable: '' };
  for (const role of INITIAL_ROLES) {
    const p: Proposal = { role, version: 1, signed: repo.nextSigned(role, opts.now) };
    out[role] = proposalFile(repoDir, role);
    writeFileAtomic(out[role], proposalFileBytes(p));
  }
  return out;
}

/** Whether `dir` holds a repository (any N.root.json). */
export function hasRepositoryMetadata(dir: string): boolean {
  const root = join(dir, 'metadata', '1.root.json');
  return existsSync(root);
}

function staged(repoDir: string, role: string): Proposal {
  const file = proposalFile(repoDir, role);
  if (!existsSync(file))
    throw new PackError(
      'publish_invalid',
      `no repository at ${repoDir} and no ${file}`,
      'start one with mesh repo init',
    );
  return parseProposal(readFileSync(file));
}

/**
 * Who signs a version-1 proposal of a repository not yet published: root v1 is signed by its own
 * root role, targets v1 by that root's targets role, stable v1 by the staged targets' delegation.
 * Undefined when the repository exists (its current metadata names the signers).
 *
 * @throws {PackError} publish_invalid (nothing staged, or a role that is not root, targets or stable)
 */
export function initialAuthority(repoDir: string, p: Proposal): Authority | undefined {
  if (hasRepositoryMetadata(repoDir)) return undefined;
  if (p.version !== 1)
    throw new PackError(
      'publish_invalid',
      `no repository at ${repoDir} for ${p.role} v${p.version}`,
    );
  if (p.role === 'root' || p.role === 'targets') {
    const root = parseRoot(staged(repoDir, 'root').signed);
    return { name: `${p.role} (version 1)`, role: root.roles[p.role], keys: root.keys };
  }
  const stable = parseTargets(staged(repoDir, 'targets').signed).delegations;
  const role: Role | undefined = stable?.roles.find((d) => d.name === p.role);
  if (stable === undefined || role === undefined)
    throw new PackError('publish_invalid', `the staged targets v1 delegates no role ${p.role}`);
  return { name: `${p.role} (version 1)`, role, keys: stable.keys };
}

const keysOf = (r: Role, keys: ReadonlyMap<string, Key>): Key[] =>
  r.keyids.flatMap((id) => {
    const k = keys.get(id);
    return k === undefined ? [] : [k];
  });

/**
 * The repository built from assembled version-1 envelopes of root, targets and stable (any order),
 * each checked against its threshold, with the canary role still to be signed online. Each envelope
 * must be exactly what `<repo>.init/` staged, so nothing but the proposals keyholders saw is applied.
 *
 * @throws {PackError} publish_invalid (a role missing, given twice, or other than what was staged)
 * @throws {RepositoryError} signature_threshold_unmet
 */
export function initialRepository(
  repoDir: string,
  envelopes: readonly Uint8Array[],
  delegations: readonly DelegationPolicy[],
  expiry?: ExpiryPolicy,
  now = Date.now(),
): Repository {
  const byRole = new Map<string, Envelope>();
  for (const bytes of envelopes) {
    // Assembled by anyone from keyholders' signatures: parsed, then matched to what was staged.
    const env = parseEnvelopeBytes(bytes);
    const role =
      env.signed._type === 'root'
        ? 'root'
        : INITIAL_ROLES.find((r) => {
            const s = staged(repoDir, r).signed;
            return r !== 'root' && canonicalString(s) === canonicalString(env.signed);
          });
    if (role === undefined || byRole.has(role))
      throw new PackError(
        'publish_invalid',
        role === undefined
          ? 'a signed file is none of the staged version-1 proposals'
          : `${role} is given twice`,
      );
    if (canonicalString(staged(repoDir, role).signed) !== canonicalString(env.signed))
      throw new PackError('publish_invalid', `the signed ${role} is not the staged proposal`);
    byRole.set(role, env);
  }
  const missing = INITIAL_ROLES.filter((r) => !byRole.has(r));
  if (missing.length > 0)
    throw new PackError(
      'publish_invalid',
      `a new repository needs the assembled version 1 of root, targets and stable; missing ${missing.join(', ')}`,
      'give each with its own --apply',
    );
  const rootEnv = byRole.get('root') as Envelope;
  const root = parseRoot(rootEnv.signed);
  const top = (n: 'root' | 'targets' | 'snapshot' | 'timestamp'): ThresholdRole => ({
    keys: keysOf(root.roles[n], root.keys),
    threshold: root.roles[n].threshold,
  });
  const repo = Repository.create({
    roles: {
      root: top('root'),
      targets: top('targets'),
      snapshot: top('snapshot'),
      timestamp: top('timestamp'),
    },
    consistentSnapshot: root.consistentSnapshot,
    now,
    ...(expiry === undefined ? {} : { expiry }),
  });
  const t = parseTargets((byRole.get('targets') as Envelope).signed);
  for (const d of delegations) {
    const r = t.delegations?.roles.find((x) => x.name === d.role);
    if (r === undefined || t.delegations === undefined)
      throw new PackError('publish_invalid', `the signed targets v1 delegates no role ${d.role}`);
    repo.delegate(
      'targets',
      {
        name: d.role,
        keys: keysOf(r, t.delegations.keys),
        threshold: r.threshold,
        terminating: d.terminating,
        paths: [...d.paths],
      },
      now,
    );
  }
  repo.install('root', rootEnv);
  for (const role of ['targets', 'stable'] as const)
    repo.install(role, byRole.get(role) as Envelope);
  return repo;
}
