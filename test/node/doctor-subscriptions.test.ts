import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSubscriptions, STALE_AFTER_MS } from '../../node/doctor/subscriptions.js';
import { clearSplitViews, recordSplitViews } from '../../node/subscription/index.js';
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

  it('warns on each opt-out and fails a stored trust below the governance quorum', () => {
    const root = mkdtempSync(join(tmpdir(), 'mesh-doc-'));
    const none = { ...trust, witnesses: [], quorum: 0 };
    state(root, 'optout@canary', {
      good: good(NOW),
      trust: { ...none, allowNoWitness: true, noGossip: true },
    });
    state(root, 'old@canary', { good: good(NOW), trust: none });
    const byName = Object.fromEntries(checkSubscriptions(root, NOW).map((c) => [c.name, c]));
    expect(byName['mesh:optout@canary']).toMatchObject({ status: 'warn' });
    expect(byName['mesh:optout@canary']?.detail).toContain('--allow-no-witness');
    expect(byName['mesh:optout@canary']?.detail).toContain('--no-gossip');
    expect(byName['mesh:old@canary']).toMatchObject({ status: 'fail' });
    expect(byName['mesh:old@canary']?.detail).toContain('governance quorum');
  });

  it('fails while split-view evidence is kept, until it is cleared', () => {
    const root = mkdtempSync(join(tmpdir(), 'mesh-doc-'));
    const split = () => checkSubscriptions(root, NOW).find((c) => c.name === 'split-views');
    expect(split()).toMatchObject({ status: 'ok' });
    const ids = recordSplitViews(root, 'x@canary', 'two trees', []);
    recordSplitViews(root, 'x@canary', 'two trees', []);
    expect(split()).toMatchObject({ status: 'fail' });
    expect(split()?.detail).toContain('1 split view(s)');
    expect(clearSplitViews(root)).toEqual(ids);
    expect(split()).toMatchObject({ status: 'ok' });
  });
});
