// A scheduler that refreshes periodically and hot-reloads the guard, with real processes on
// 127.0.0.1: a mirror serving a published pack, a running `mesh guard mcp --pack mesh:<pack>@canary`
// in front of a real SDK server, and separate `mesh publish` / `mesh subscribe` processes. The running
// proxy picks up the newly verified pack, holds a new rule in shadow until its window ends, keeps the
// last good policy when a reload fails, and refreshes on its own with --refresh-every.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleContentHash } from '../../packs/index.js';
import { FIXTURES, proxied, text, type Proxied } from '../guard/mcp/proxy-client.js';
import { runMesh } from '../support/run-mesh.js';
import {
  expectOk,
  maintainer,
  nodeHome,
  publish as publishPack,
  startMirror,
  subscribe as subscribeVia,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

const SHADOW_SECONDS = 6;
const SPEC = 'mesh:hot-test@canary';
const work = mkdtempSync(join(tmpdir(), 'mesh-hot-'));
const files = join(work, 'files');
const running: Proxied[] = [];
let m: Maintainer;
let mirror = '';

const RULES = {
  'hot.no-env': {
    id: 'hot.no-env',
    verdict: 'block',
    phase: 'call',
    tools: ['mcp__*__read_file'],
    when: { field: 'args.path', glob: '**/.env' },
    reason: 'no env files',
  },
  'hot.no-readme': {
    id: 'hot.no-readme',
    verdict: 'block',
    phase: 'call',
    tools: ['mcp__*__read_file'],
    when: { field: 'args.path', glob: 'README*' },
    reason: 'the README is off limits from v2 on',
  },
};

/** Per-rule tests (pack_format 2): five paths each rule must fire on, five it must not. */
const EXAMPLES: Record<keyof typeof RULES, { match: string[]; no_match: string[] }> = {
  'hot.no-env': {
    match: ['a/.env', 'b/.env', 'c/d/.env', 'e/f/g/.env', 'srv/app/.env'],
    no_match: ['README.md', 'src/a.ts', 'a/.env.example', 'docs/env.md', 'b/c.txt'],
  },
  'hot.no-readme': {
    match: ['README.md', 'README', 'README.txt', 'README.rst', 'README-dev.md'],
    no_match: ['LICENSE', 'src/index.ts', 'CHANGELOG.md', 'notes.txt', 'package.json'],
  },
};

const examples = (paths: string[]): { event: object }[] =>
  paths.map((path) => ({ event: { phase: 'call', tool: 'mcp__fs__read_file', args: { path } } }));

function packFile(version: string, ids: (keyof typeof RULES)[]): string {
  return writePack(m, `hot-${version}.json`, {
    pack_format: 2,
    name: 'hot-test',
    version,
    licence: 'Apache-2.0',
    description: 'hot reload test pack',
    catalog: ids,
    rules: Object.fromEntries(
      ids.map((id) => [
        id,
        {
          sha256: ruleContentHash(RULES[id]),
          tests: {
            match: examples(EXAMPLES[id].match),
            no_match: examples(EXAMPLES[id].no_match),
          },
        },
      ]),
    ),
    policy: { format: 1, rules: ids.map((id) => RULES[id]) },
  });
}

const publish = async (version: string, ids: (keyof typeof RULES)[]): Promise<void> => {
  await publishPack(m, packFile(version, ids), ['--ring', 'canary']);
};

const subscribe = async (home: string): Promise<void> => {
  expectOk(await subscribeVia(m, home, SPEC, mirror));
};

/** A node state directory with its own config, subscribed to the current pack. */
async function node(name: string, operator: object): Promise<string> {
  const home = nodeHome(m, name, { schema: 1, operator });
  await subscribe(home);
  return home;
}

async function start(home: string, extra: string[] = []): Promise<Proxied> {
  const p = await proxied(
    home,
    ['--pack', SPEC, '--no-receipts', '--review-timeout', '1', '--watch-interval', '200', ...extra],
    [process.execPath, join(FIXTURES, 'fs-server.mjs'), files],
  );
  running.push(p);
  return p;
}

const readme = async (p: Proxied): Promise<string> =>
  text(await p.client.callTool({ name: 'read_file', arguments: { path: 'README.md' } }));

/** Waits until the proxy's stderr matches (its reload log lines). */
async function logged(p: Proxied, re: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!re.test(p.stderr())) {
    if (Date.now() > deadline) throw new Error(`proxy never logged ${String(re)}:\n${p.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  mkdirSync(files, { recursive: true });
  writeFileSync(join(files, 'README.md'), '# project\nordinary text\n');
  m = await maintainer(work, 30_000);
  await publish('1.0.0', ['hot.no-env']);
  mirror = await startMirror(m, { config: { mirror: { logKey: m.logKey } } });
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((p) => p.close()));
  await Promise.all(m.services.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
});

describe('a running mesh guard mcp hot-reloads its subscribed pack', () => {
  it('enforces v2 after another process subscribes to it, once the new rule leaves its shadow window; a failed reload keeps the last good policy', async () => {
    const home = await node('node-a', { shadowWindowSeconds: SHADOW_SECONDS });
    const p = await start(home);
    expect(await readme(p)).toMatch(/ordinary text/);

    await publish('2.0.0', ['hot.no-env', 'hot.no-readme']);
    await subscribe(home);
    await logged(p, /reloaded \(subscription hot-test@canary changed\)/);
    expect(await readme(p)).toMatch(/ordinary text/);

    await logged(p, /reloaded \(shadow window of hot-test@canary\/hot\.no-readme ended\)/, 30_000);
    const blocked = await readme(p);
    expect(blocked).toMatch(/blocked by mesh guard \(hot\.no-readme\)/);
    expect(blocked).not.toMatch(/ordinary text/);

    mkdirSync(join(home, 'packs'), { recursive: true });
    writeFileSync(join(home, 'packs', 'hot-test.local.json'), '{ not json');
    await logged(
      p,
      /reload \(local edits of hot-test changed\) failed, keeping the last good policy/,
    );
    expect(await readme(p)).toMatch(/blocked by mesh guard \(hot\.no-readme\)/);
  }, 180_000);

  it('refreshes its own subscription with --refresh-every and enforces what it verified', async () => {
    await publish('3.0.0', ['hot.no-env']);
    const home = await node('node-b', { shadowWindowSeconds: 0 });
    const p = await start(home, ['--refresh-every', '1']);
    expect(await readme(p)).toMatch(/ordinary text/);
    await publish('4.0.0', ['hot.no-env', 'hot.no-readme']);
    await logged(p, /refreshed hot-test@canary: verified pack 4\.0\.0/);
    await logged(p, /reloaded \(subscription hot-test@canary changed\)/);
    expect(await readme(p)).toMatch(/blocked by mesh guard \(hot\.no-readme\)/);
  }, 180_000);
});

describe('mesh subscribe --watch', () => {
  it('refreshes every subscription of the node in the foreground, one NDJSON line per refresh', async () => {
    const home = await node('node-c', { shadowWindowSeconds: 0 });
    await publish('5.0.0', ['hot.no-env']);
    const r = await runMesh([
      '--state',
      home,
      'subscribe',
      '--watch',
      '1',
      '--rounds',
      '2',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { ok: boolean; changed: boolean; pack: { packVersion: string } },
      );
    expect(lines.map((l) => [l.ok, l.changed, l.pack.packVersion])).toEqual([
      [true, true, '5.0.0'],
      [true, false, '5.0.0'],
    ]);
    expect(r.stderr).toMatch(/refreshing hot-test@canary/);
    const none = await runMesh(['--state', join(work, 'empty'), 'subscribe', '--watch', '1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no subscriptions to watch/);
  }, 120_000);
});
