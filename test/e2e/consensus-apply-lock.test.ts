// `mesh consensus apply` holds the repository lock that `mesh publish` and the timestamp role share:
// while another process holds it the apply waits (and publishes nothing), gives up with
// `repository_busy` after --wait-seconds, and an apply racing a real `mesh publish` process leaves
// one timestamp version per successful writer and a repository that verifies.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRepoLock } from '../../packs/index.js';
import {
  BUILTIN,
  CATALOG as catalog,
  DEMO,
  meshJson,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';
import { consensusApply, demotion, withPublishedPack } from './consensus-proposal.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-consensus-lock-'));
let m: Maintainer;
let sha = '';

const proposal = (rule: string, n: number): string => demotion(m, n, rule, sha);
const apply = (file: string, flags: string[] = []): Promise<MeshRun> =>
  meshJson(consensusApply(m, file, flags), { strict: true, timeoutMs: 120_000 });

const timestampVersion = (): number =>
  (
    JSON.parse(readFileSync(join(m.repo, 'metadata', 'timestamp.json'), 'utf8')) as {
      signed: { version: number };
    }
  ).signed.version;

const errorCode = (r: MeshRun): string =>
  (r.json.error as { code?: string } | undefined)?.code ?? '';

withPublishedPack(work, (maintainer, published) => {
  m = maintainer;
  sha = published;
});

describe('mesh consensus apply and the repository lock', () => {
  it('waits while another process holds the lock, refuses after --wait-seconds, then publishes', async () => {
    const before = timestampVersion();
    const file = proposal(catalog[0] ?? '', 0);
    let waiting: Promise<MeshRun> | undefined;
    await withRepoLock(m.repo, async () => {
      const busy = await apply(file, ['--wait-seconds', '1']);
      expect(busy.code, JSON.stringify(busy.json)).toBe(1);
      expect(errorCode(busy)).toBe('repository_busy');
      waiting = apply(file);
      await new Promise((r) => setTimeout(r, 3000));
      // Still waiting for this process: nothing was signed meanwhile.
      expect(timestampVersion()).toBe(before);
    });
    const done = await (waiting as Promise<MeshRun>);
    expect(done.code, JSON.stringify(done.json) + done.stderr).toBe(0);
    expect(done.json.outcome).toBe('published');
    expect(timestampVersion()).toBe(before + 1);
    sha = (done.json.rings as { canary: { sha256: string } }).canary.sha256;
  }, 120_000);

  it('an apply racing `mesh publish` processes: one timestamp version per writer that succeeded', async () => {
    for (let k = 1; k <= 3; k++) {
      const before = timestampVersion();
      const file = proposal(catalog[k] ?? '', k);
      const next = writePack(m, `pack-${k}.json`, { ...BUILTIN, version: `${k + 1}.0.0` });
      const [a, p] = await Promise.all([
        apply(file),
        meshJson(['publish', next, '--repo', m.repo, '--keys', m.keys, ...DEMO], {
          strict: true,
          timeoutMs: 120_000,
        }),
      ]);
      // The publish does not wait (repository_busy); the apply waits, then is stale when the
      // publish changed the pack it was counted over.
      expect(['', 'repository_busy'], JSON.stringify(p.json)).toContain(errorCode(p));
      expect(['', 'consensus_stale'], JSON.stringify(a.json)).toContain(errorCode(a));
      const writers = [a, p].filter((r) => r.code === 0).length;
      expect(writers, JSON.stringify([a.json, p.json])).toBeGreaterThan(0);
      expect(timestampVersion()).toBe(before + writers);
      const live = (p.code === 0 ? p.json.targets : undefined) as { sha256: string }[] | undefined;
      sha =
        live?.[0]?.sha256 ??
        (a.json.rings as { canary: { sha256: string } } | undefined)?.canary.sha256 ??
        sha;
      if (a.code === 0 && p.code === 0) {
        // Both wrote: the publish came second, its pack is the live one.
        expect(a.json.outcome).toBe('published');
      }
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
  }, 240_000);
});
