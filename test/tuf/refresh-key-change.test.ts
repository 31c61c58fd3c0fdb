// Repository.refresh (TUF 1.0.34 §6.1 steps 2-3 alone) and proposeKeyChange (§4.3 roles, §4.5
// delegations), on repositories our tools write, opened again from disk as the CLI does.
import { describe, expect, it } from 'vitest';
import {
  keyIdOf,
  openRepository,
  parseRoot,
  parseTargets,
  proposeKeyChange,
  writeRepository,
} from '../../tuf/index.js';
import { makeFixture, newSigner } from './support/repo-fixture.js';

const withCode = (code: string): Error => expect.objectContaining({ code }) as Error;

describe('Repository.refresh', () => {
  it('re-signs timestamp alone, or snapshot and timestamp, and nothing else', () => {
    const f = makeFixture({ targets: { 'a.txt': 'a' } });
    const repo = openRepository(f.dir);
    const [ts, snap, targets] = ['timestamp', 'snapshot', 'targets'].map((r) => repo.versionOf(r));
    const files = repo.refresh(f.signers, Date.now());
    expect(files.map((x) => x.path)).toEqual(['metadata/timestamp.json']);
    writeRepository(f.dir, files);
    const again = openRepository(f.dir);
    expect(again.versionOf('timestamp')).toBe((ts ?? 0) + 1);
    expect(again.versionOf('snapshot')).toBe(snap);
    const both = again.refresh(f.signers, Date.now(), true);
    expect(both.map((x) => x.path)).toEqual([
      `metadata/${String((snap ?? 0) + 1)}.snapshot.json`,
      'metadata/timestamp.json',
    ]);
    expect(again.versionOf('targets')).toBe(targets);
  });

  it('refuses to carry an unsigned edit', () => {
    const f = makeFixture();
    const repo = openRepository(f.dir);
    repo.addTarget('targets', 'b.txt', new TextEncoder().encode('b'));
    expect(() => repo.refresh(f.signers)).toThrow(withCode('repository_invalid'));
  });
});

describe('proposeKeyChange', () => {
  it('a top-level role change is a root proposal; unused keys leave the key list', () => {
    const f = makeFixture();
    const repo = openRepository(f.dir);
    const [a, b] = [newSigner(), newSigner()];
    const old = repo.root.roles.root.keyids[0] ?? '';
    const p = proposeKeyChange(repo, 'root', {
      addKeys: [a.key, b.key],
      removeKeyIds: [old],
      threshold: 2,
    });
    expect(p.role).toBe('root');
    expect(p.version).toBe(2);
    const root = parseRoot(p.signed);
    expect(root.roles.root).toMatchObject({
      keyids: [keyIdOf(a.key), keyIdOf(b.key)],
      threshold: 2,
    });
    expect(root.keys.has(old)).toBe(false);
  });

  it('a delegated role change is a proposal of its delegator', () => {
    const f = makeFixture();
    const repo = openRepository(f.dir);
    const s1 = newSigner();
    repo.delegate('targets', { name: 'stable', keys: [s1.key], threshold: 1, paths: ['s/*'] });
    writeRepository(f.dir, repo.publish({ ...f.signers, stable: [s1] }));
    const again = openRepository(f.dir);
    const s2 = newSigner();
    const p = proposeKeyChange(again, 'stable', {
      addKeys: [s2.key],
      removeKeyIds: [],
      threshold: 2,
    });
    expect(p.role).toBe('targets');
    const d = parseTargets(p.signed).delegations?.roles.find((r) => r.name === 'stable');
    expect(d?.threshold).toBe(2);
    expect(d?.keyids).toContain(keyIdOf(s2.key));
  });

  it.each([
    ['an unknown key to remove', { addKeys: [], removeKeyIds: ['0'.repeat(64)] }],
    ['a threshold above the keys', { addKeys: [], removeKeyIds: [], threshold: 2 }],
  ])('refuses %s', (_name, change) => {
    const repo = openRepository(makeFixture().dir);
    expect(() => proposeKeyChange(repo, 'root', change)).toThrow(withCode('ceremony_invalid'));
  });

  it('refuses a role the repository does not have', () => {
    const repo = openRepository(makeFixture().dir);
    expect(() => proposeKeyChange(repo, 'nightly', { addKeys: [], removeKeyIds: [] })).toThrow(
      withCode('ceremony_invalid'),
    );
  });
});
