// The console's read-only view of the node (docs/console.md "Node"): its subscriptions with the
// verified pack version each holds, and its reporting state, from the same services as
// `mesh doctor` and `mesh report status`; nothing here is computed a second way.
import { openStateDir } from '../state/state-dir.js';
import { reportStatus, type ReportStatus } from '../report/status.js';
import {
  listSubscriptions,
  readSubscription,
  subscriptionDir,
  type SubscriptionState,
} from '../subscription/index.js';

export interface SubscriptionView {
  id: string;
  /** The subscription's state, or why it cannot be read. */
  state: SubscriptionState | { unreadable: string };
}

/**
 * Every subscription of the node at `stateRoot`, by id.
 * @example subscriptionsOf('/home/me/.mesh') // [{ id: 'coding-agent@stable', state: { good: { packVersion: '1.4.0', ... } } }]
 */
export function subscriptionsOf(stateRoot: string): SubscriptionView[] {
  return listSubscriptions(stateRoot)
    .sort()
    .map((id) => {
      try {
        const state = readSubscription(subscriptionDir(stateRoot, id));
        return { id, state: state ?? { unreadable: 'no subscription state' } };
      } catch (e) {
        return { id, state: { unreadable: (e as Error).message } };
      }
    });
}

/**
 * What `mesh report status` reports for the node at `stateRoot`.
 * @throws ConfigError when the node's config.json is invalid
 * @example reportingOf('/home/me/.mesh').enabled // false
 */
export function reportingOf(stateRoot: string): ReportStatus {
  const dir = openStateDir(stateRoot);
  return reportStatus(stateRoot, dir.config.reporting, (id) => dir.path('report', id));
}
