// A change of who signs a role (TUF 1.0.34 §4.3 root "roles", §4.5 "delegations"): keys added or
// removed and a new threshold, written as the unsigned next version of the metadata that lists them
// (root for a top-level role, the delegating targets role for a delegated one).
import { TufError } from '../errors.js';
import { keyIdOf, type Key } from '../metadata/key.js';
import type { Role } from '../metadata/role.js';
import type { Repository } from '../repository/repository.js';
import type { Proposal } from './proposal.js';

export interface KeyChange {
  addKeys: readonly Key[];
  removeKeyIds: readonly string[];
  /** The new threshold; unchanged when absent. */
  threshold?: number;
}

const TOP_LEVEL = new Set(['root', 'targets', 'snapshot', 'timestamp']);

/** Applies the change to `role` in place and returns the keys that joined it. */
function edit(roleName: string, role: Role, change: KeyChange): Key[] {
  const ids = new Set(role.keyids);
  for (const id of change.removeKeyIds) {
    if (!ids.delete(id))
      throw new TufError('ceremony_invalid', `--remove-key ${id}: not a key of ${roleName}`);
  }
  const added: Key[] = [];
  for (const k of change.addKeys) {
    const id = keyIdOf(k);
    if (ids.has(id))
      throw new TufError('ceremony_invalid', `--add-key ${id}: already a key of ${roleName}`);
    ids.add(id);
    added.push(k);
  }
  const threshold = change.threshold ?? role.threshold;
  if (!Number.isSafeInteger(threshold) || threshold < 1 || threshold > ids.size)
    throw new TufError(
      'ceremony_invalid',
      `${roleName}: threshold ${threshold} needs between 1 and ${ids.size} keys`,
    );
  role.keyids = [...ids];
  role.threshold = threshold;
  return added;
}

/** Drops keys no role of `roles` names any more, adds the new ones. */
function syncKeys(keys: Map<string, Key>, roles: readonly Role[], added: readonly Key[]): void {
  for (const k of added) keys.set(keyIdOf(k), k);
  const used = new Set(roles.flatMap((r) => r.keyids));
  for (const id of [...keys.keys()]) if (!used.has(id)) keys.delete(id);
}

/**
 * The proposal that changes `role`'s keys and threshold in `repo` (which it edits in memory).
 *
 * @throws TufError ceremony_invalid (unknown key, duplicate key, impossible threshold, unknown role)
 * @example proposeKeyChange(openRepository(dir), 'stable', { addKeys: [ed25519Key(hex)], removeKeyIds: [], threshold: 2 })
 */
export function proposeKeyChange(
  repo: Repository,
  role: string,
  change: KeyChange,
  now = Date.now(),
): Proposal {
  if (TOP_LEVEL.has(role)) {
    const root = repo.root;
    const added = edit(role, root.roles[role as keyof typeof root.roles], change);
    syncKeys(root.keys, Object.values(root.roles), added);
    const signed = repo.nextSigned('root', now);
    return { role: 'root', version: repo.versionOf('root'), signed };
  }
  for (const [parent, t] of repo.targets) {
    const d = t.delegations?.roles.find((r) => r.name === role);
    if (d === undefined || t.delegations === undefined) continue;
    const added = edit(role, d, change);
    syncKeys(t.delegations.keys, t.delegations.roles, added);
    const signed = repo.nextSigned(parent, now);
    return { role: parent, version: repo.versionOf(parent), signed };
  }
  throw new TufError('ceremony_invalid', `no role ${role} in this repository`);
}
