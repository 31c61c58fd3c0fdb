// `mesh doctor` on the task a node reports to: a warning when its verified client task adds no
// differential-privacy noise, and when it requires no report tokens; ok when it does both.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newTaskFiles } from '../../dap/index.js';
import { subscriptionDir, writeSubscription } from '../../node/subscription/state.js';
import { runMesh } from '../support/run-mesh.js';
import { taskParams, writeTaskFiles } from '../dap/support.js';

const SPEC = 'mesh:coding-agent@canary';
const ISSUER = {
  url: 'http://127.0.0.1:9/issuer/',
  public_key: 'ab'.repeat(32),
  window_seconds: 3600,
};
const DP = { mechanism: 'discrete-laplace' as const, epsilon: 1 };

/** A node reporting to SPEC whose verified task was made with EXTRAS; `mesh doctor --json`. */
async function doctor(extras: Parameters<typeof newTaskFiles>[1], enabled = true) {
  const home = join(mkdtempSync(join(tmpdir(), 'mesh-doc-rep-')), 'state');
  mkdirSync(home, { mode: 0o700 });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ schema: 1, reporting: { enabled, pack: SPEC } }),
    { mode: 0o600 },
  );
  const dir = subscriptionDir(home, 'coding-agent@canary');
  mkdirSync(dir, { recursive: true });
  const files = newTaskFiles(
    taskParams('http://127.0.0.1:1/leader/', 'http://127.0.0.1:2/helper/', {
      time_precision: 60,
    }),
    extras,
  );
  const { client } = writeTaskFiles(dir, files);
  writeSubscription(dir, {
    schema: 1,
    id: 'coding-agent@canary',
    trust: { mirror: 'http://127.0.0.1:1', logKeys: ['k'], witnesses: [], quorum: 0, gossip: [] },
    firstSeen: {},
    status: 'ok',
    task: { file: client, sha256: 'b'.repeat(64) },
  });
  const r = await runMesh(['--state', home, 'doctor', '--json']);
  const doc = JSON.parse(r.stdout) as {
    checks: { name: string; status: string; detail: string }[];
  };
  return Object.fromEntries(doc.checks.map((c) => [c.name, c]));
}

describe('mesh doctor: reporting privacy', () => {
  it('warns when the task has neither noise nor tokens', async () => {
    const c = await doctor({});
    expect(c['reporting-dp']).toMatchObject({ status: 'warn' });
    expect(c['reporting-dp']?.detail).toContain('exact');
    expect(c['reporting-tokens']).toMatchObject({ status: 'warn' });
  }, 60_000);

  it('is ok when the aggregators add noise and each report needs a token', async () => {
    const c = await doctor({ dp: DP, issuer: ISSUER });
    expect(c['reporting-dp']).toMatchObject({ status: 'ok' });
    expect(c['reporting-dp']?.detail).toContain('discrete-laplace noise, epsilon 1 per collection');
    expect(c['reporting-tokens']).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('warns on the one that is missing, also while reporting is off', async () => {
    const c = await doctor({ issuer: ISSUER }, false);
    expect(c['reporting-dp']).toMatchObject({ status: 'warn' });
    expect(c['reporting-dp']?.detail).toContain('reporting is off');
    expect(c['reporting-tokens']).toMatchObject({ status: 'ok' });
  }, 60_000);
});
