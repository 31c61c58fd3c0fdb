// `mesh metrics` (node/subscription/refusal-metrics.ts) through the real CLI: refused subscriptions are
// counted by reason in a closed label set, durably across processes (two refusing at once count
// two), printed as Prometheus text or JSON; a damaged counts file is a coded error with a next step.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ed25519Signer, signerVkey } from '../../log/index.js';
import { REFUSAL_REASONS, refusalReason } from '../../node/subscription/index.js';
import { runMesh } from '../support/run-mesh.js';

const logKey = signerVkey(ed25519Signer('metrics.test/log', new Uint8Array(32).fill(3)));

/** A subscribe that TUF refuses: the trusted root given is not TUF metadata. */
function refusedSubscribe(state: string, pack: string, root: string) {
  return runMesh([
    '--state',
    state,
    'subscribe',
    `mesh:${pack}@canary`,
    '--mirror',
    'http://127.0.0.1:9',
    '--root',
    root,
    '--log-key',
    logKey,
    '--allow-no-witness',
    '--no-gossip',
    '--json',
  ]);
}

describe('mesh metrics', () => {
  it('counts refused subscriptions by reason, durably, and prints them as Prometheus text', async () => {
    const state = mkdtempSync(join(tmpdir(), 'mesh-metrics-'));
    const root = join(state, 'not-a-root.json');
    writeFileSync(root, '{"signed": {}}');
    const zero = await runMesh(['--state', state, 'metrics']);
    expect(zero.code).toBe(0);
    for (const r of REFUSAL_REASONS)
      expect(zero.stdout).toContain(`mesh_subscriptions_refused_total{reason="${r}"} 0`);
    expect(zero.stdout).toContain('# TYPE mesh_subscriptions_refused_total counter');
    const runs = await Promise.all(['alpha', 'beta'].map((p) => refusedSubscribe(state, p, root)));
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('"tuf_refused"');
    }
    const text = await runMesh(['--state', state, 'metrics']);
    expect(text.stdout).toContain('mesh_subscriptions_refused_total{reason="tuf_refused"} 2');
    expect(text.stdout).toContain('mesh_subscriptions_refused_total{reason="quorum_not_met"} 0');
    const json = await runMesh(['--state', state, 'metrics', '--json']);
    const doc = JSON.parse(json.stdout) as { subscriptions: { refused: Record<string, number> } };
    expect(doc.subscriptions.refused.tuf_refused).toBe(2);
    expect(Object.keys(doc.subscriptions.refused).sort()).toEqual([...REFUSAL_REASONS].sort());
  }, 120_000);

  it('keeps the label set closed and reports a damaged counts file with what to do', async () => {
    expect(refusalReason('tuf_refused')).toBe('tuf_refused');
    expect(refusalReason('peer says "hi"')).toBe('other');
    expect(refusalReason(undefined)).toBe('other');
    const state = mkdtempSync(join(tmpdir(), 'mesh-metrics-bad-'));
    const dir = join(state, 'metrics');
    await runMesh(['--state', state, 'metrics']);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'subscriptions.json'), '{"schema":1,"refused":{"evil\\"} 9":1}}');
    const r = await runMesh(['--state', state, 'metrics', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('state_invalid');
    expect(r.stdout).toContain('mv ');
  });
});
