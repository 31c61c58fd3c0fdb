// A repository initialised straight from single key files (threshold 1): for tests and demos only
// (DESIGN.md "Publish"). Delegations follow DESIGN.md: canary online, stable offline.
import { Repository, type Key } from '../../tuf/index.js';
import type { PublishKeys } from './keys.js';

/** targets delegates these paths; node/ passes governance's DELEGATIONS, which say the same. */
export interface DelegationPolicy {
  role: 'canary' | 'stable';
  paths: readonly string[];
  terminating: boolean;
}

export const DEFAULT_DELEGATIONS: readonly DelegationPolicy[] = [
  { role: 'stable', paths: ['packs/*/stable/*'], terminating: true },
  { role: 'canary', paths: ['packs/*/canary/*', 'tasks/*/*'], terminating: true },
];

export function initRepository(
  keys: PublishKeys,
  delegations: readonly DelegationPolicy[] = DEFAULT_DELEGATIONS,
  now = Date.now(),
): Repository {
  const one = (k: Key): { keys: Key[]; threshold: number } => ({ keys: [k], threshold: 1 });
  const repo = Repository.create({
    roles: {
      root: one(keys.load('root').signer.key),
      targets: one(keys.load('targets').signer.key),
      snapshot: one(keys.load('snapshot').signer.key),
      timestamp: one(keys.load('timestamp').signer.key),
    },
    consistentSnapshot: true,
    now,
  });
  for (const d of delegations) {
    repo.delegate(
      'targets',
      {
        name: d.role,
        keys: [keys.load(d.role).signer.key],
        threshold: 1,
        terminating: d.terminating,
        paths: [...d.paths],
      },
      now,
    );
  }
  return repo;
}
