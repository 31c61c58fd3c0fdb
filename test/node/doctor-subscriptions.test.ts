import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSubscriptions, STALE_AFTER_MS } from '../../node/doctor/subscriptions.js';
import {
  subscriptionDir,
  writeSubscription,
  type SubscriptionState,
} from '../../node/subscription/state.js';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const trust = {
  mirror: 'http://127.0.0.1:1',
  logKeys: ['k'],
  witnesses: ['a', 'b', 'c'],
  quorum: 2,
  gossip: [],
};

function state(root: string, id: string, s: Partial<SubscriptionState>): void {
  const dir = subscriptionDir(root, id);
  mkdirSync(dir, { recursive: true });
  writeSubscription(dir, { schema: 1, id, trust, firstSeen: {}, status: 'ok', ...s });
}

const good = (at: number) => ({
  file: '/x',
  sha256: 'a'.repeat(64),
  packVersion: '1.0.0',
  role: 'canary',
  roleVersion: 1,
  acceptedAt: new Date(at).toISOString(),
});

describe('mesh doctor: subscriptions', () => {
  it('says when nothing is subscribed', () => {
    const [c] = checkSubscriptions(mkdtempSync(join(tmpdir(), 'mesh-doc-')), NOW);
    expect(c).toMatchObject({ name: 'subscriptions', status: 'warn' });
  });

  it('reports fresh, stale and failing subscriptions with their trust roots', () => {
    const root = mkdtempSync(join(tmpdir(), 'mesh-doc-'));
    state(root, 'fresh@canary', {
      good: good(NOW - 60_000),
      task: { file: '/t', sha256: 'b'.repeat(64) },
    });
    state(root, 'old@stable', { good: good(NOW - STALE_AFTER_MS - 1) });
    state(root, 'bad@canary', {
      status: 'failed',
      good: good(NOW),
      lastError: { code: 'quorum_not_met', message: '1 of 2', at: '' },
    });
    const byName = Object.fromEntries(checkSubscriptions(root, NOW).map((c) => [c.name, c]));
    expect(byName['mesh:fresh@canary']).toMatchObject({ status: 'ok' });
    expect(byName['mesh:fresh@canary']?.detail).toContain('DAP task verified');
    expect(byName['mesh:fresh@canary']?.detail).toContain('3 witness(es), quorum 2');
    expect(byName['mesh:old@stable']).toMatchObject({ status: 'warn' });
    expect(byName['mesh:bad@canary']).toMatchObject({ status: 'fail' });
    expect(byName['mesh:bad@canary']?.detail).toContain('quorum_not_met');
    expect(byName['mesh:bad@canary']?.detail).toContain('keeping pack 1.0.0');
  });
});
