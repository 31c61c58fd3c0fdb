// The collector role killed (SIGKILL) at random instants while batches arrive (docs/dap.md "The
// collector role"): every batch ends up in exactly one proposal, none lost and none counted twice,
// with the batch records in files inside --data and, side by side in the same rounds (a task of
// its own on the same aggregators), in a PostgreSQL store (docs/dap.md "Storage backends"), whose
// /healthz and `mesh doctor` report the database once it went away.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DapClient, type ClientTaskFile } from '../../dap/index.js';
import { E2E_CRASH_ROUNDS } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { countRows, PG_MISSING, startPrivateCluster, type PgCluster } from '../dap/pg-cluster.js';
import { tempDir } from '../dap/support.js';
import { dapEndpoints, newDapTask } from './reporting-mesh.js';

const services: ServeProcess[] = [];
const collectors = new Map<string, ServeProcess>();
let pg: PgCluster | undefined;
afterAll(async () => {
  await Promise.all([...collectors.values()].map((c) => c.stop()));
  await Promise.all(services.map((s) => s.stop()));
  pg?.stop();
});

const PER_ROUND = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proposal {
  signed: { aggregate: { report_count: number; hits: number[] } };
}

interface Health {
  state: Record<string, { state: string; detail?: string }>;
}

/** Polls `/healthz` until it answers `want` (the store probe runs every 2 s). */
async function healthUntil(url: string, want: number): Promise<Health> {
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${url}/healthz`);
    const body = (await res.json()) as Health;
    if (res.status === want) return body;
    await sleep(100);
  }
  throw new Error(`${url}/healthz never answered ${String(want)}`);
}

async function counted(url: string) {
  const list = (await (await fetch(`${url}/collector/proposals`)).json()) as Proposal[];
  return {
    n: list.length,
    reports: list.reduce((a, p) => a + p.signed.aggregate.report_count, 0),
    hits: list.reduce((a, p) => a + (p.signed.aggregate.hits[0] ?? 0), 0),
  };
}

describe('collector crash safety', () => {
  it(`no batch lost and none counted twice over ${E2E_CRASH_ROUNDS} SIGKILLs`, async () => {
    const dir = tempDir('collector-crash');
    const dap = await dapEndpoints();
    const stores = PG_MISSING === undefined ? ['files', 'postgres'] : ['files'];
    if (PG_MISSING === undefined) pg = startPrivateCluster();
    const dbUrl = pg ? await pg.createDatabase() : '';
    const key = join(dir, 'collector.key');
    expect((await runMesh(['keys', 'new', '--role', 'collector', '--out', key])).code).toBe(0);
    const pack = join(dir, 'pack.json');
    writeFileSync(pack, JSON.stringify({ name: 'p', catalog: ['r1'] }));
    const task = (s: string) => join(dir, `task-${s}`);
    for (const s of stores)
      await newDapTask(task(s), {
        // One rule: hit, false-positive mark, approval, rejection, then one tier slot.
        length: 5,
        minBatchSize: PER_ROUND,
        batchMode: 'leader_selected',
        timePrecision: 60,
        leader: dap.leader,
        helper: dap.helper,
      });
    const config = (s: string) => join(dir, `collector-${s}.json`);
    for (const s of stores)
      writeFileSync(
        config(s),
        JSON.stringify({
          collector: {
            pack,
            key,
            pollSeconds: 0.2,
            ...(s === 'postgres' ? { store: dbUrl } : {}),
          },
        }),
      );
    for (const [role, port] of [
      ['helper', dap.helperPort],
      ['leader', dap.leaderPort],
    ] as const)
      services.push(
        await startServe([
          ...['--role', `dap-${role}`, '--port', String(port), '--data', join(dir, role)],
          ...stores.flatMap((s) => ['--task', join(task(s), `${role}.json`)]),
        ]),
      );
    const start = (s: string, data = join(dir, `c-${s}`)) =>
      startServe([
        ...['--role', 'collector', '--task', join(task(s), 'collector.json')],
        ...['--config', config(s), '--data', data],
      ]);
    const clients = stores.map(
      (s) =>
        new DapClient(
          JSON.parse(readFileSync(join(task(s), 'client.json'), 'utf8')) as ClientTaskFile,
        ),
    );
    await Promise.all(stores.map(async (s) => collectors.set(s, await start(s))));
    for (let round = 0; round < E2E_CRASH_ROUNDS; round++) {
      const ups = await Promise.all(
        clients.map((client) =>
          client.upload(
            Array.from({ length: PER_ROUND }, () => ({
              measurement: [1, 0, 0, 0, 1],
              timeSeconds: Math.floor(Date.now() / 1000),
            })),
          ),
        ),
      );
      for (const up of ups) expect(up.accepted).toBe(PER_ROUND);
      // Somewhere while the batch is aggregated, collected, recorded or deleted.
      await sleep(Math.floor(Math.random() * 1500));
      await Promise.all(
        stores.map(async (s) => {
          await collectors.get(s)?.kill();
          collectors.set(s, await start(s));
        }),
      );
    }

    const total = E2E_CRASH_ROUNDS * PER_ROUND;
    const url = (s: string) => collectors.get(s)?.url ?? '';
    for (const s of stores) {
      let got = await counted(url(s));
      for (let i = 0; i < 240 && got.reports < total; i++) {
        await sleep(500);
        got = await counted(url(s));
      }
    }
    // A few more polls: nothing is recorded twice after the last batch.
    await sleep(1500);
    for (const s of stores) {
      const got = await counted(url(s));
      expect({ store: s, reports: got.reports, hits: got.hits }).toEqual({
        store: s,
        reports: total,
        hits: total,
      });
      expect(got.n).toBeGreaterThan(0);
      expect(got.n).toBeLessThanOrEqual(E2E_CRASH_ROUNDS);
    }
    if (!pg) return;

    // The database is the record: one row per proposal, and a collector with an empty --data
    // lists every batch from it.
    const stored = await counted(url('postgres'));
    expect(await countRows(dbUrl, 'dap_collected')).toBe(stored.n);
    await collectors.get('postgres')?.kill();
    collectors.set('postgres', await start('postgres', join(dir, 'c-postgres-fresh')));
    let fresh = await counted(url('postgres'));
    for (let i = 0; i < 100 && fresh.n < stored.n; i++) {
      await sleep(200);
      fresh = await counted(url('postgres'));
    }
    expect(fresh).toEqual(stored);

    // A database that went away: /healthz fails naming the store, doctor fails its line.
    const doctor = () => runMesh(['doctor', '--json', '--config', config('postgres')]);
    const line = async () => {
      const r = await doctor();
      const j = JSON.parse(r.stdout) as { checks: { name: string; status: string }[] };
      return { code: r.code, check: j.checks.find((c) => c.name === 'collector-store') };
    };
    expect((await line()).check?.status).toBe('ok');
    // The fresh collector has finished its first pass (until then /healthz answers 503 "starting").
    expect((await healthUntil(url('postgres'), 200)).state.collector?.state).toBe('ready');
    pg.down();
    try {
      const h = await healthUntil(url('postgres'), 503);
      expect(h.state.collector?.state).toBe('failed');
      expect(h.state.collector?.detail).toMatch(/postgres store does not answer/);
      const down = await line();
      expect(down.check?.status).toBe('fail');
      expect(down.code).not.toBe(0);
    } finally {
      pg.up();
    }
    expect((await healthUntil(url('postgres'), 200)).state.collector?.state).toBe('ready');
  }, 600_000);
});
