// Resolution of `mesh:<pack>@<ring>` (docs/architecture.md "Subscribe") to the verified local pack file: only
// the last good pack a refresh accepted, never anything fetched but not verified.
import { existsSync } from 'node:fs';
import { sha256Hex } from '../../packs/index.js';
import { readFileSync } from 'node:fs';
import { StateError } from '../errors.js';
import { parseSubscriptionSpec } from './spec.js';
import { readSubscription, subscriptionDir } from './state.js';

export function resolveSubscribedPack(stateRoot: string, spec: string): string {
  const s = parseSubscriptionSpec(spec);
  const state = readSubscription(subscriptionDir(stateRoot, s.id));
  const good = state?.good;
  if (good === undefined || !existsSync(good.file))
    throw new StateError(
      'state_invalid',
      `no verified pack for ${spec} yet`,
      `run: mesh subscribe ${spec} --mirror URL --root root.json --log-key VKEY`,
    );
  if (sha256Hex(readFileSync(good.file)) !== good.sha256)
    throw new StateError(
      'state_invalid',
      `${good.file} no longer matches the verified pack`,
      `run: mesh subscribe ${spec}`,
    );
  return good.file;
}

/** First-seen time per rule id of a subscription: where its shadow window starts. */
export function firstSeenTimes(stateRoot: string, spec: string): Record<string, string> {
  const s = parseSubscriptionSpec(spec);
  return readSubscription(subscriptionDir(stateRoot, s.id))?.firstSeen ?? {};
}
