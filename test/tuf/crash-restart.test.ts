// Kill-and-restart of `mesh tuf-client refresh` (TUF 1.0.34 §5): SIGKILL at random instants while the
// repository moves on (new versions, root and timestamp-key rotations) never leaves trusted metadata
// half-written, rolled back or unverifiable, and the next refresh always completes.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_ROUNDS, MESH_BIN } from '../support/env.js';
import { makeFixture, newSigner, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';
import { checkTrustedDir, mergeVersions } from './support/trusted-dir-check.js';

/** mulberry32: a seeded generator so a failing round can be replayed from the logged seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  ms: number;
}

/** `mesh tuf-client refresh` as a real process, SIGKILLed after `killAfterMs` if still running. */
function refreshChild(dir: string, url: string, killAfterMs?: number): Promise<ChildOutcome> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [MESH_BIN, 'tuf-client', '--metadata-dir', dir, '--metadata-url', `${url}/metadata`, 'refresh'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const timer =
    killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, ms: Date.now() - started });
    });
  });
}

/** One repository edit: a new target, and on `rotate` a new root key and a new timestamp key. */
function advance(f: Fixture, n: number, rotate: boolean): void {
  f.repo.addTarget('targets', `t${n}.txt`, new TextEncoder().encode(`target ${n}`));
  if (rotate) {
    const [oldRoot] = f.signers.root ?? [];
    if (oldRoot === undefined) throw new Error('no root signer');
    const nextRoot = newSigner();
    const nextTs = newSigner();
    const root = f.repo.root;
    root.keys.delete(oldRoot.keyid);
    root.keys.set(nextRoot.keyid, nextRoot.key);
    root.keys.set(nextTs.keyid, nextTs.key);
    root.roles.root = { keyids: [nextRoot.keyid], threshold: 1, unrecognized: {} };
    root.roles.timestamp = { keyids: [nextTs.keyid], threshold: 1, unrecognized: {} };
    f.repo.markDirty('root');
    // §5.3.4: the new root is signed by the old root key and its own.
    f.signers.root = [oldRoot, nextRoot];
    f.signers.timestamp = [nextTs];
    f.publish();
    f.signers.root = [nextRoot];
    return;
  }
  f.publish();
}

describe('tuf-client crash consistency', () => {
  let f: Fixture;
  let srv: StaticServer;
  let edits = 0;

  beforeAll(async () => {
    f = makeFixture({ targets: { 'first.txt': 'first' } });
    srv = await serveDirectory(f.dir);
  });
  afterAll(() => srv.close());

  it('the checker itself refuses a truncated file, a rollback, a stray file and a foreign signature', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tuf-check-'));
    copyFileSync(join(f.dir, 'metadata', '1.root.json'), join(dir, 'root.json'));
    const ok = checkTrustedDir(dir, f.dir, new Map());
    expect(ok.versions.get('root.json')).toBe(1);
    expect(() => checkTrustedDir(dir, f.dir, new Map([['root.json', 2]]))).toThrow(/went back/);
    const ts = readFileSync(join(f.dir, 'metadata', 'timestamp.json'));
    writeFileSync(join(dir, 'timestamp.json'), ts.subarray(0, ts.length - 9));
    expect(() => checkTrustedDir(dir, f.dir, new Map())).toThrow();
    const foreign = makeFixture();
    copyFileSync(join(foreign.dir, 'metadata', 'timestamp.json'), join(dir, 'timestamp.json'));
    expect(() => checkTrustedDir(dir, f.dir, new Map())).toThrow(/not signed/);
    copyFileSync(join(f.dir, 'metadata', 'timestamp.json'), join(dir, 'timestamp.json'));
    writeFileSync(join(dir, 'timestamp.json.tmp'), '{}');
    expect(() => checkTrustedDir(dir, f.dir, new Map())).toThrow(/unexpected file/);
  });

  it(`survives ${String(CRASH_ROUNDS)} SIGKILLs at random instants during refresh`, async () => {
    const seed = Number(process.env.MESH_CRASH_SEED ?? Date.now() % 2 ** 31);
    const random = rng(seed);
    const context = `seed ${String(seed)} (replay with MESH_CRASH_SEED)`;
    const dir = mkdtempSync(join(tmpdir(), 'tuf-crash-'));
    copyFileSync(join(f.dir, 'metadata', '1.root.json'), join(dir, 'root.json'));
    // A temp file left by an earlier crash must never be read as metadata.
    writeFileSync(join(dir, '.timestamp.json.0123456789ab.tmp'), '{"signed":');

    const calibrate = await refreshChild(dir, srv.url);
    expect(calibrate.code, calibrate.stderr).toBe(0);
    const span = Math.max(calibrate.ms, 200);
    let seen = mergeVersions(new Map(), checkTrustedDir(dir, f.dir, new Map()));
    let killed = 0;

    for (let round = 0; round < CRASH_ROUNDS; round++) {
      // Move the repository ahead (a rotation every third round, sometimes two root versions).
      const rotations = round % 3 === 0 ? 1 + Math.floor(random() * 2) : 0;
      for (let r = 0; r < rotations; r++) advance(f, edits++, true);
      advance(f, edits++, false);
      // Keep publishing while the child runs, so it races the repository's own writes.
      const publisher = setInterval(() => {
        advance(f, edits++, random() < 0.1);
      }, 25);
      // Half the rounds anywhere in the child's life, half late in it, where the writes happen.
      const at = round % 2 === 0 ? random() * 1.2 * span : (0.6 + 0.6 * random()) * span;
      const crashed = await refreshChild(dir, srv.url, at);
      clearInterval(publisher);
      if (crashed.signal === 'SIGKILL') killed++;

      const after = checkTrustedDir(dir, f.dir, seen);
      seen = mergeVersions(seen, after);

      // Restart: with the repository at rest, a refresh completes and reaches its newest state.
      const restart = await refreshChild(dir, srv.url);
      expect(restart.code, `${context}, round ${String(round)}: ${restart.stderr}`).toBe(0);
      const done = checkTrustedDir(dir, f.dir, seen);
      seen = mergeVersions(seen, done);
      expect(done.versions.get('root.json'), context).toBe(f.repo.versionOf('root'));
      expect(done.versions.get('timestamp.json'), context).toBe(f.repo.versionOf('timestamp'));
      expect(done.versions.get('snapshot.json'), context).toBe(f.repo.versionOf('snapshot'));
      expect(done.versions.get('targets.json'), context).toBe(f.repo.versionOf('targets'));
    }
    // At least some children died mid-run, or the suite proved nothing.
    expect(killed, context).toBeGreaterThan(0);
  }, 600_000);
});
