// A log shows two different trees to two nodes; gossip through a mirror running as a separate
// process exposes the split view with evidence anyone holding the log key can check.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerVkey, verifyEvidence, type SplitViewEvidence } from '../../log/index.js';
import { runMesh } from '../support/run-mesh.js';
import { logKey, tempDir } from './helpers.js';
import { startFixture, type Proc } from './processes.js';

const seed = randomBytes(32);
const key = logKey('example.com/split', seed);
const vkey = signerVkey(key.signer);

interface GossipOut {
  splitView: boolean;
  peers: { peer: string; pushed: string; conflicts: SplitViewEvidence[] }[];
}

describe('split view through gossip', () => {
  const procs: Proc[] = [];
  let logUrl = '';
  let mirror = '';

  beforeAll(async () => {
    const log = await startFixture('split-log.ts', [
      seed.toString('hex'),
      key.origin,
      '20',
      '24',
      '5',
    ]);
    const m = await startFixture('gossip-mirror.ts', [tempDir(), vkey]);
    procs.push(log, m);
    logUrl = String(log.ready.url);
    mirror = String(m.ready.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
  });

  const gossip = async (view: 'a' | 'b') => {
    const r = await runMesh(
      ['gossip', '--peer', mirror, '--log', `${logUrl}/${view}`, '--vkey', vkey, '--json'],
      { timeoutMs: 60_000 },
    );
    return { code: r.code, out: JSON.parse(r.stdout) as GossipOut, stderr: r.stderr };
  };

  it('node A gossips first: accepted, no split view', async () => {
    const a = await gossip('a');
    expect(a.code, a.stderr).toBe(0);
    expect(a.out.splitView).toBe(false);
    expect(a.out.peers[0]?.pushed).toBe('accepted');
  }, 60_000);

  it('node B sees a fork against the mirror, proves it and the mirror keeps the evidence', async () => {
    const b = await gossip('b');
    expect(b.code).toBe(1);
    expect(b.out.splitView).toBe(true);
    expect(b.out.peers[0]?.pushed).toBe('inconsistent');
    const [evidence] = b.out.peers[0]?.conflicts ?? [];
    expect(evidence).toBeDefined();
    verifyEvidence(evidence as SplitViewEvidence, key.keys);
    const view = (await (await fetch(`${mirror}/gossip/checkpoints`)).json()) as {
      conflicts: SplitViewEvidence[];
    };
    expect(view.conflicts).toHaveLength(1);
  }, 60_000);

  it('node A, gossiping again, is told about the split view too', async () => {
    const a = await gossip('a');
    expect(a.code).toBe(1);
    expect(a.out.splitView).toBe(true);
  }, 60_000);
});
