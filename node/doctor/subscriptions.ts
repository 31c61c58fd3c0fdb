// `mesh doctor` on subscriptions: each one's last outcome, how stale its pack is, the trust roots
// it checks against (mirror, log keys, witnesses and quorum), every fail-closed default it waives,
// and any split-view evidence the node keeps.
import {
  listSplitViews,
  listSubscriptions,
  optOutWarnings,
  quorumShortfall,
  readSubscription,
  subscriptionDir,
} from '../subscription/index.js';
import type { CheckResult } from './checks.js';

/** A pack older than this is reported stale: refreshes are expected at least daily. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;

/** Fails while the node keeps evidence of a split view: a log showed two trees. */
export function checkSplitViews(stateRoot: string): CheckResult {
  const kept = listSplitViews(stateRoot);
  if (kept.length === 0)
    return { name: 'split-views', status: 'ok', detail: 'no split view seen through gossip' };
  const first = kept[0];
  return {
    name: 'split-views',
    status: 'fail',
    detail:
      `${kept.length} split view(s) kept; first seen ${first?.seenAt ?? '?'} by mesh:${first?.subscription ?? '?'}: ` +
      (first?.message ?? ''),
    hint: 'report the evidence (<state>/split-views/*.json) to the log operator and the pack maintainers, then run: mesh gossip clear-evidence',
  };
}

function checkOne(stateRoot: string, id: string, now: number): CheckResult {
  const name = `mesh:${id}`;
  let s;
  try {
    s = readSubscription(subscriptionDir(stateRoot, id));
  } catch (e) {
    return { name, status: 'fail', detail: (e as Error).message };
  }
  if (s === undefined)
    return {
      name,
      status: 'fail',
      detail: 'no subscription state',
      hint: `run: mesh subscribe ${name}`,
    };
  const t = s.trust;
  const trust = `mirror ${t.mirror}; ${t.logKeys.length} log key(s); ${t.witnesses.length} witness(es), quorum ${t.quorum}`;
  const good = s.good
    ? `pack ${s.good.packVersion} accepted ${s.good.acceptedAt}`
    : 'no verified pack';
  const short = quorumShortfall(t);
  if (short !== undefined)
    return {
      name,
      status: 'fail',
      detail: `${short}; keeping ${good}; ${trust}`,
      hint: `run: mesh subscribe ${name} --witness VKEY (for each trusted witness), or --allow-no-witness`,
    };
  if (s.status === 'failed') {
    const why = s.lastError ? `${s.lastError.code}: ${s.lastError.message}` : 'unknown';
    return {
      name,
      status: 'fail',
      detail: `last refresh refused (${why}); keeping ${good}; ${trust}`,
      hint: `run: mesh subscribe ${name}`,
    };
  }
  const waived = optOutWarnings(t);
  if (waived.length > 0)
    return {
      name,
      status: 'warn',
      detail: `${waived.join('; ')}; ${good}; ${trust}`,
      hint: `restore the defaults: mesh subscribe ${name} --witness VKEY ... --gossip URL`,
    };
  const age = s.good ? now - Date.parse(s.good.acceptedAt) : Infinity;
  if (age > STALE_AFTER_MS) {
    return {
      name,
      status: 'warn',
      detail: `stale: ${good}; ${trust}`,
      hint: `run: mesh subscribe ${name}`,
    };
  }
  return {
    name,
    status: 'ok',
    detail: `${good}${s.task ? ', DAP task verified' : ''}; ${trust}`,
  };
}

export function checkSubscriptions(stateRoot: string, now = Date.now()): CheckResult[] {
  const ids = listSubscriptions(stateRoot);
  const splitViews = checkSplitViews(stateRoot);
  if (ids.length === 0) {
    return [
      {
        name: 'subscriptions',
        status: 'warn',
        detail: 'no community pack subscribed',
        hint: 'run: mesh subscribe mesh:<pack>@<ring> --mirror URL --root root.json --log-key VKEY --witness VKEY --witness VKEY',
      },
      splitViews,
    ];
  }
  return [...ids.map((id) => checkOne(stateRoot, id, now)), splitViews];
}
