// A repository initialised straight from single key files (threshold 1): for tests and demos only
// (docs/architecture.md "Publish"). Delegations follow docs/architecture.md: canary online, stable offline.
import { Repository, type ExpiryPolicy, type Key } from '../../tuf/index.js';
import type { PublishKeys } from './keys.js';

/** What targets delegates to whom: node/ passes governance's DELEGATIONS (packs/ may not import it). */
export interface DelegationPolicy {
  role: 'canary' | 'stable';
  paths: readonly string[];
  terminating: boolean;
}

export function initRepository(
  keys: PublishKeys,
  delegations: readonly DelegationPolicy[],
  now = Date.now(),
  expiry?: ExpiryPolicy,
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
    ...(expiry === undefined ? {} : { expiry }),
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
