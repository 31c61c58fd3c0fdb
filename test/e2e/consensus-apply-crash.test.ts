// Applying a consensus proposal is idempotent also across a crash: `mesh consensus apply` SIGKILLed
// at a random instant, then re-run, publishes each proposal's pack exactly once (one canary
// version per proposal), and the repository still verifies end to end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_CRASH_ROUNDS } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import {
  CATALOG as catalog,
  meshJson,
  startMirror,
  subscribedPack,
  type Maintainer,
} from './publish-subscribe.js';
import { consensusApply, demotion, withPublishedPack } from './consensus-proposal.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-consensus-crash-'));
let m: Maintainer;
let sha = '';

const proposal = (rule: string, round: number, kind: 'demote' | 'expire' = 'demote'): string =>
  demotion(m, round, rule, sha, kind);
const apply = (file: string, flags: string[] = []): string[] => consensusApply(m, file, flags);

withPublishedPack(work, (maintainer, published) => {
  m = maintainer;
  sha = published;
});

describe('mesh consensus apply, killed and re-run', () => {
  const rounds = Math.min(E2E_CRASH_ROUNDS, catalog.length);
  it(`publishes each of ${rounds} proposals once whatever instant the apply dies at`, async () => {
    const killedAt: number[] = [];
    for (let k = 0; k < rounds; k++) {
      const rule = catalog[k] ?? '';
      const args = apply(proposal(rule, k), ['--demote-to', 'disabled', '--json']);
      const delay = 100 + Math.floor(Math.random() * 3000);
      const first = await runMesh(args, { timeoutMs: delay });
      if (first.signal === 'SIGKILL') killedAt.push(delay);
      else expect(first.code, first.stdout + first.stderr).toBe(0);
      const again = await meshJson(args.slice(0, -1));
      expect(again.code, JSON.stringify(again.json) + again.stderr).toBe(0);
      expect(['published', 'already-applied']).toContain(again.json.outcome);
      const canary = (again.json.rings as { canary: { version: string; sha256: string } }).canary;
      // One canary pack version per proposal: a re-run never publishes a second copy.
      expect(canary.version, JSON.stringify({ k, killedAt })).toBe(`1.0.${k + 1}`);
      const third = await meshJson(args.slice(0, -1));
      expect(third.json.outcome).toBe('already-applied');
      sha = canary.sha256;
    }
    const verify = await meshJson([
      'verify',
      '--repo',
      m.repo,
      '--log-key',
      m.logKey,
      '--allow-no-witness',
    ]);
    expect(verify.code, JSON.stringify(verify.json)).toBe(0);
    const pack = await subscribedPack<{
      version: string;
      policy: { rules: { id: string; status?: string }[] };
    }>(m, join(work, 'node'), 'mesh:coding-agent@canary', await startMirror(m));
    expect(pack.version).toBe(`1.0.${rounds}`);
    expect(pack.policy.rules.filter((r) => r.status === 'disabled').map((r) => r.id)).toEqual(
      catalog.slice(0, rounds),
    );
  }, 600_000);

  it('two applies of one proposal at the same time publish it once', async () => {
    const file = proposal(catalog[0] ?? '', 1000, 'expire');
    const args = apply(file);
    const both = await Promise.all([meshJson(args), meshJson(args)]);
    for (const r of both) expect(r.code, JSON.stringify(r.json) + r.stderr).toBe(0);
    expect(both.map((r) => r.json.outcome).sort()).toEqual(['already-applied', 'published']);
    const versions = both.map(
      (r) => (r.json.rings as { canary: { version: string } }).canary.version,
    );
    expect(versions).toEqual([`1.0.${rounds + 1}`, `1.0.${rounds + 1}`]);
  }, 120_000);
});
