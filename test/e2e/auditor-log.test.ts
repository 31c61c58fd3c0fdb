// The auditor's journey (docs/log.md "Auditing") through the real CLI against a published repository and a
// `mesh serve --role mirror`: list the log's entries as leaves, check a published file's tlog-proof
// from the file and its metadata, and `mesh verify` saying what it did not check.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { CANARY_PATH as PATH, packFile } from './hostile-repo.js';
import {
  maintainer,
  meshJson,
  publish,
  startMirror,
  type Maintainer,
} from './publish-subscribe.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-auditor-'));
let m: Maintainer;
let mirror = '';

interface Entry {
  index: number;
  leaf?: { role: string; version: number; path: string; sha256: string; length: number };
}

beforeAll(async () => {
  m = await maintainer(work, 30_000);
  await publish(m, packFile(m, '1.0.0'));
  mirror = await startMirror(m, { config: { mirror: { logKey: m.logKey } } });
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

/** The published pack file, its proof and the canary metadata version that lists it. */
function published(): { target: string; proof: string; metadata: string } {
  const dir = join(m.repo, 'targets', 'packs', 'coding-agent', 'canary');
  const name = readdirSync(dir).find((n) => n.endsWith('.coding-agent.json')) ?? '';
  const meta = readdirSync(join(m.repo, 'metadata')).filter((n) => /^\d+\.canary\.json$/.test(n));
  return {
    target: join(dir, name),
    proof: join(dir, `${name}.tlog-proof`),
    metadata: join(m.repo, 'metadata', meta.sort().at(-1) ?? ''),
  };
}

describe('mesh log for auditors', () => {
  it('lists the entries as leaves, from an index', async () => {
    const all = await meshJson(['log', 'entries', '--mirror', mirror, '--vkey', m.logKey], {
      strict: true,
    });
    expect(all.code, all.stderr).toBe(0);
    const entries = all.json.entries as Entry[];
    expect(entries.length).toBe(all.json.size);
    expect(entries.map((e) => e.index)).toEqual(entries.map((_, i) => i));
    expect(entries.some((e) => e.leaf?.path === '1.root.json')).toBe(true);
    const pack = entries.find((e) => e.leaf?.path === PATH);
    expect(pack?.leaf?.role).toBe('canary');
    const later = await meshJson(
      ['log', 'entries', '--mirror', mirror, '--vkey', m.logKey, '--from', '2', '--limit', '1'],
      { strict: true },
    );
    expect((later.json.entries as Entry[]).map((e) => e.index)).toEqual([2]);
    const human = await runMesh(['log', 'entries', '--mirror', mirror, '--vkey', m.logKey]);
    expect(human.stdout).toContain(`canary v${String(pack?.leaf?.version)} ${PATH}`);
    const bad = await runMesh([
      'log',
      'entries',
      '--mirror',
      mirror,
      '--vkey',
      m.logKey,
      '--from',
      '-1',
    ]);
    expect(bad.code).toBe(2);
  });

  it('verifies a published file against its tlog-proof, the leaf built from the file and its metadata', async () => {
    const p = published();
    const flags = ['log', 'verify', '--proof', p.proof, '--vkey', m.logKey];
    const ok = await meshJson([...flags, '--target', p.target, '--metadata', p.metadata], {
      strict: true,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, leaf: { path: PATH, role: 'canary' } });
    // metadata that does not list the file: no leaf, and a next step
    const root = join(m.repo, 'metadata', '1.root.json');
    const wrongMeta = await meshJson([...flags, '--target', p.target, '--metadata', root]);
    expect(wrongMeta.code).toBe(1);
    expect(JSON.stringify(wrongMeta.json)).toMatch(/leaf_invalid/);
    // a changed file is not the one the log holds
    const changed = join(work, 'changed.json');
    writeFileSync(changed, readFileSync(p.target, 'utf8').replace('1.0.0', '6.6.6'));
    const noMeta = await meshJson([...flags, '--target', changed]);
    expect(noMeta.code).toBe(1);
    expect(JSON.stringify(noMeta.json)).toMatch(/--metadata FILE/);
    const forged = await meshJson([...flags, '--target', changed, '--metadata', p.metadata]);
    expect(forged.code).toBe(1);
    expect(JSON.stringify(forged.json)).toMatch(/does not list a file/);
  });

  it('mesh verify says plainly what it checked against no pinned root, witness or gossip', async () => {
    const r = await meshJson(
      ['verify', '--repo', m.repo, '--log-key', m.logKey, '--allow-no-witness'],
      { strict: true },
    );
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    const unchecked = (r.json.unchecked as string[]).join('\n');
    expect(unchecked).toMatch(/no pinned root/);
    expect(unchecked).toMatch(/no witness/);
    expect(unchecked).toMatch(/no gossip/);
    const human = await runMesh([
      'verify',
      '--mirror',
      mirror,
      '--root',
      m.root,
      '--log-key',
      m.logKey,
      '--allow-no-witness',
    ]);
    expect(human.code, human.stdout + human.stderr).toBe(0);
    expect(human.stdout).toContain('not checked: no witness');
    expect(human.stdout).not.toContain('no pinned root');
    expect(human.stdout).not.toContain('no gossip');
  });
});
