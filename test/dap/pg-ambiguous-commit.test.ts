// A connection lost during COMMIT, after the server committed (a real PostgreSQL behind a front that
// drops the COMMIT's answer): the store's retry recognises the transaction as applied, so it runs
// once, its counters count once, and an upload answers no report_replayed for its own reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient, readTaskFile } from '../../dap/index.js';
import { openLeaderContext } from '../../dap/aggregator/open-aggregator.js';
import type { AggregatorContext, LeaderTask } from '../../dap/aggregator/context.js';
import { leaderApp } from '../../dap/http/leader-app.js';
import { upload } from '../../dap/leader/upload.js';
import * as m from '../../dap/messages/index.js';
import { committedEvents } from '../../dap/storage/commit-events.js';
import { openPgKv } from '../../dap/storage/pg-kv.js';
import { PG_MISSING, usePg, type PgCluster } from './pg-cluster.js';
import { startCutProxy, type CutProxy } from './pg-cut-proxy.js';
import { listen, newTaskFiles, taskParams, tempDir, writeTaskFiles } from './support.js';

let pg: PgCluster | undefined;
let proxy: CutProxy | undefined;
const fast = { retries: 8, firstMs: 20, maxMs: 200 };

beforeAll(async () => {
  if (PG_MISSING) return;
  pg = usePg();
  const probe = new URL(await pg.createDatabase());
  const port = probe.port === '' ? 5432 : Number(probe.port);
  proxy = await startCutProxy(probe.searchParams.get('host') ?? '/tmp', port);
});
afterAll(async () => {
  await proxy?.close();
  pg?.stop();
});

/** A new database, reached through the cutting front. */
async function viaProxy(): Promise<string> {
  const direct = new URL(await (pg as PgCluster).createDatabase());
  return (proxy as CutProxy).url(direct.pathname.slice(1));
}

describe.skipIf(PG_MISSING !== undefined)('COMMIT answer lost on PostgreSQL', () => {
  it('an exclusive sequence runs once and its afterCommit callbacks run once', async () => {
    let retries = 0;
    const store = await openPgKv(await viaProxy(), { retry: fast, onRetry: () => retries++ });
    try {
      let runs = 0;
      let counted = 0;
      const cutsBefore = proxy?.cuts ?? 0;
      proxy?.arm();
      const got = await store.exclusive(async () => {
        runs++;
        // An insert run twice would fail the retry with storage_conflict.
        await store.write([{ type: 'insert', key: 'report/1', value: new Uint8Array([1]) }]);
        store.afterCommit(() => counted++);
        return 'stored';
      });
      expect(proxy?.cuts).toBe(cutsBefore + 1);
      expect(retries).toBeGreaterThan(0);
      expect(got).toBe('stored');
      expect(runs).toBe(1);
      expect(counted).toBe(1);
      expect(await store.get('report/1')).toEqual(new Uint8Array([1]));
    } finally {
      await store.close();
    }
  }, 60_000);

  it('a write outside exclusive whose COMMIT is lost is not refused as a conflict', async () => {
    const store = await openPgKv(await viaProxy(), { retry: fast });
    try {
      const cutsBefore = proxy?.cuts ?? 0;
      proxy?.arm();
      await store.write([{ type: 'insert', key: 'spent/1', value: new Uint8Array([2]) }]);
      expect(proxy?.cuts).toBe(cutsBefore + 1);
      expect(await store.get('spent/1')).toEqual(new Uint8Array([2]));
    } finally {
      await store.close();
    }
  }, 60_000);

  it('an upload whose COMMIT is lost answers no report_replayed and counts its reports once', async () => {
    const dir = tempDir('ambiguous');
    const server = await listen();
    const files = newTaskFiles(taskParams(server.url, server.url));
    const paths = writeTaskFiles(dir, files);
    const ctx: AggregatorContext<LeaderTask> = await openLeaderContext(
      { dataDir: `${dir}/leader`, store: await viaProxy(), options: { tickMs: 2 ** 30 } },
      [readTaskFile(paths.leader, 'leader')],
    );
    // The client fetches its HPKE configs over HTTP: this Leader's serve for both aggregators.
    const fail = (e: unknown) => {
      throw e;
    };
    server.app.route('/leader', leaderApp(ctx, fail));
    server.app.route('/helper', leaderApp(ctx, fail));
    try {
      let accepted = 0;
      const refused: string[] = [];
      ctx.events = committedEvents(ctx.store, {
        uploadAccepted: (n) => (accepted += n),
        uploadRefused: (reason) => refused.push(reason),
      });
      const lt = [...ctx.tasks.values()][0];
      if (!lt) throw new Error('no task');
      const client = new DapClient(files.client);
      const t = Math.floor(Date.now() / 1000);
      const reports = await Promise.all(
        [1, 0, 1].map((measurement) => client.prepare({ measurement, timeSeconds: t })),
      );
      const cutsBefore = proxy?.cuts ?? 0;
      proxy?.arm();
      const errors = await upload(ctx, lt, m.encodeUploadRequest(reports));
      expect(proxy?.cuts).toBe(cutsBefore + 1);
      expect(errors).toEqual([]);
      expect(accepted).toBe(3);
      expect(refused).toEqual([]);
      expect(lt.uploads).toBe(1);
      let pending = 0;
      for await (const [k] of ctx.store.scan('')) if (k.includes('/pend/')) pending++;
      expect(pending).toBe(3);
      // The same reports sent again are replays.
      const again = await upload(ctx, lt, m.encodeUploadRequest(reports));
      expect(again.map((e) => e.error)).toEqual([
        'report_replayed',
        'report_replayed',
        'report_replayed',
      ]);
    } finally {
      await server.close();
      await ctx.store.close();
    }
  }, 60_000);

  it('a new connection cut while it fetches array types: the transaction retries, nothing ends the process', async () => {
    const p = proxy as CutProxy;
    let retries = 0;
    const store = await openPgKv(await viaProxy(), {
      retry: fast,
      onRetry: () => retries++,
      reserveMs: 1500,
    });
    try {
      await store.write([{ type: 'put', key: 'k', value: new Uint8Array([2]) }]);
      const fetched = p.typeFetches;
      // The client fetches array types on each new connection; the first one after the cut loses
      // its connection there, which loses that reservation and rejects a promise nothing awaits.
      p.armTypes();
      p.cutAll();
      await store.write([{ type: 'put', key: 'k', value: new Uint8Array([3]) }]);
      expect(p.typeFetches).toBeGreaterThan(fetched);
      expect(retries).toBeGreaterThan(0);
      // ANY($1) with a text array: the array types still serve the pool.
      expect(await store.getMany(['k', 'none'])).toEqual([new Uint8Array([3]), undefined]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
