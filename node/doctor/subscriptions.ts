// `mesh doctor` on subscriptions: each one's last outcome, how stale its pack is, and the trust
// roots it checks against (mirror, log keys, witnesses and quorum).
import { listSubscriptions, readSubscription, subscriptionDir } from '../subscription/index.js';
import type { CheckResult } from './checks.js';

/** A pack older than this is reported stale: refreshes are expected at least daily. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;

export function checkSubscriptions(stateRoot: string, now = Date.now()): CheckResult[] {
  const ids = listSubscriptions(stateRoot);
  if (ids.length === 0) {
    return [
      {
        name: 'subscriptions',
        status: 'warn',
        detail: 'no community pack subscribed',
        hint: 'run: mesh subscribe mesh:<pack>@<ring> --mirror URL --root root.json --log-key VKEY',
      },
    ];
  }
  return ids.map((id): CheckResult => {
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
    if (s.status === 'failed') {
      const why = s.lastError ? `${s.lastError.code}: ${s.lastError.message}` : 'unknown';
      return {
        name,
        status: 'fail',
        detail: `last refresh refused (${why}); keeping ${good}; ${trust}`,
        hint: `run: mesh subscribe ${name}`,
      };
    }
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
  });
}
