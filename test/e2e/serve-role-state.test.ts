// What a server tells its operator about itself, through real `mesh serve` processes (docs/log.md
// "Health and metrics"): the node's refused-subscription counts on the /metrics of a role started
// on that node home, live; `mesh doctor` warning on a mirror's opt-outs; the timestamp role's
// /healthz failing while it cannot re-sign and recovering when it can.
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_REASONS } from '../../node/subscription/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe } from '../support/serve-process.js';
import {
  BUILTIN,
  maintainer,
  publish,
  startTimestampRole,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

const E2E_TIMEOUT = 240_000;
const work = mkdtempSync(join(tmpdir(), 'mesh-serve-state-'));
let m: Maintainer;

beforeAll(async () => {
  m = await maintainer(work, 60_000);
  await publish(m, writePack(m, 'pack.json', { ...BUILTIN, version: '0.2.0' }));
}, 180_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

/** A subscribe that TUF refuses (the mirror's metadata does not chain to this root). */
function refusedSubscribe(state: string, mirror: string) {
  const bogusRoot = join(state, 'not-a-root.json');
  if (!existsSync(bogusRoot)) writeFileSync(bogusRoot, '{"signed": {}}');
  return runMesh(
    [
      '--state',
      state,
      'subscribe',
      'mesh:coding-agent@canary',
      '--mirror',
      mirror,
      '--root',
      bogusRoot,
      '--log-key',
      m.logKey,
      '--allow-no-witness',
      '--no-gossip',
      '--json',
    ],
    { timeoutMs: 60_000 },
  );
}

const refusedLine = (reason: string, n: number): string =>
  `mesh_subscriptions_refused_total{reason="${reason}"} ${n}`;

async function healthz(url: string): Promise<{ status: number; body: string }> {
  const r = await fetch(`${url}/healthz`);
  return { status: r.status, body: await r.text() };
}

async function until(ok: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a server on a node home', () => {
  it(
    "serves the node's refused subscriptions by reason on /metrics, read at each scrape",
    async () => {
      const state = mkdtempSync(join(work, 'node-'));
      const mirror = await startServe(['--role', 'mirror', '--repo', m.repo], { MESH_HOME: state });
      m.services.push(mirror);
      const scrape = async () => (await fetch(`${mirror.url}/metrics`)).text();
      const zero = await scrape();
      expect(zero).toContain('# TYPE mesh_subscriptions_refused_total counter');
      for (const r of REFUSAL_REASONS) expect(zero).toContain(refusedLine(r, 0));
      const first = await refusedSubscribe(state, mirror.url);
      expect(first.code).toBe(1);
      expect(first.stdout).toContain('"tuf_refused"');
      expect(await scrape()).toContain(refusedLine('tuf_refused', 1));
      expect((await refusedSubscribe(state, mirror.url)).code).toBe(1);
      const text = await scrape();
      expect(text).toContain(refusedLine('tuf_refused', 2));
      expect(text).toContain(refusedLine('quorum_not_met', 0));
      // the label set stays closed: one line per reason, nothing a peer or the CLI chose
      expect(text.match(/^mesh_subscriptions_refused_total\{/gm)).toHaveLength(
        REFUSAL_REASONS.length,
      );
    },
    E2E_TIMEOUT,
  );

  it(
    'mesh doctor warns about a mirror started with mirror.noGossip, and not once it runs without',
    async () => {
      const state = mkdtempSync(join(work, 'doctor-'));
      const doctor = async () => {
        const r = await runMesh(['--state', state, 'doctor', '--json'], { timeoutMs: 60_000 });
        const doc = JSON.parse(r.stdout) as {
          checks: { name: string; status: string; detail: string; hint?: string }[];
        };
        return doc.checks.filter((c) => c.name === 'mirror');
      };
      expect(await doctor()).toEqual([]);
      const config = join(state, 'mirror.json');
      const section = { upstream: 'http://127.0.0.1:9', root: m.root, logKey: m.logKey };
      writeFileSync(config, JSON.stringify({ mirror: { ...section, noGossip: true } }));
      const waived = await startServe(['--role', 'mirror', '--config', config], {
        MESH_HOME: state,
      });
      m.services.push(waived);
      expect(waived.stderr()).toContain('mirror.noGossip');
      const warned = await doctor();
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatchObject({ status: 'warn' });
      expect(warned[0]?.detail).toContain('mirror.noGossip');
      expect(warned[0]?.hint).toContain('mirror.noGossip');
      await waived.stop();
      writeFileSync(config, JSON.stringify({ mirror: section }));
      const strict = await startServe(['--role', 'mirror', '--config', config], {
        MESH_HOME: state,
      });
      m.services.push(strict);
      expect(await doctor()).toMatchObject([{ status: 'ok' }]);
      // its upstream is unreachable: it never verified anything, so it is not healthy either
      await until(async () => (await healthz(strict.url)).status === 503, 'mirror 503');
      await strict.stop();
    },
    E2E_TIMEOUT,
  );

  it(
    'the timestamp role answers /healthz 503 while it cannot re-sign, 200 once it can again',
    async () => {
      const s = await startTimestampRole(m, 'timestamp');
      const first = await healthz(s.url);
      expect(first.status).toBe(200);
      expect(first.body).toContain('"ready"');
      const key = join(m.keys, 'timestamp.key');
      chmodSync(key, 0o644);
      try {
        await until(async () => (await healthz(s.url)).status === 503, 'timestamp 503');
        const failed = await healthz(s.url);
        expect(failed.body).toContain('"failed"');
        expect(failed.body).toContain('key_file_invalid');
      } finally {
        chmodSync(key, 0o600);
      }
      await until(async () => (await healthz(s.url)).status === 200, 'timestamp 200 again');
      await s.stop();
    },
    E2E_TIMEOUT,
  );
});
