// Spent-token pruning under SIGKILL (docs/dap.md "Report tokens"): Leader and Helper run their GC
// every few milliseconds with a short report-acceptance horizon; each round SIGKILLs one of them at
// a random instant while a tokened report uploads, restarts it and resends the same bytes, and each
// is killed once more around the instant its GC prunes the first token window. Every honest report
// is aggregated once, no resent report counts again, and both stores end with a pruning watermark
// past the first window and no spent entry below it. Slow: `npm run test:slow`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Level } from 'level';
import { afterAll, describe, expect, it } from 'vitest';
import type { DapClient } from '../../dap/index.js';
import { collect, messages as m, privacyPass as pp } from '../../dap/index.js';
import { pairArgs, restartServe, startPair } from '../dap/aggregator-pair.js';
import { postUpload, tempDir } from '../dap/support.js';
import { CRASH_ROUNDS, SLOW } from '../support/env.js';
import type { ServeProcess } from '../support/serve-process.js';
import { uploadAcrossCrash, tokenedClient, tokenedTask, type MemberMesh } from './issuer-mesh.js';

const TP = 1;
/** The issuer's shortest token window. */
const WINDOW = 60;
/** Longer than a restart on a loaded machine, so an honest resend is never too late. */
const RETENTION = 20;
const GC = { reportRetentionSeconds: RETENTION, gcIntervalMs: 20 };
const dir = tempDir('tokens-prune-crash');
const running: ServeProcess[] = [];
let mm: MemberMesh | undefined;
afterAll(async () => {
  for (const p of running) await p.kill();
  await Promise.all((mm?.services ?? []).map((s) => s.stop()));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A report of now with its token; a window that closed between the report's time and the issuer's
 * answer (400 window_invalid: nothing was issued) is retried with a report of the new window.
 */
async function prepareInWindow(client: DapClient): Promise<m.Report> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.prepare({ measurement: 1, timeSeconds: Math.floor(Date.now() / 1000) });
    } catch (e) {
      if (attempt >= 4 || !(e instanceof pp.IssuerRefusal) || e.status !== 400) throw e;
    }
  }
}

/** The pruning watermark and the windows of the spent entries in the store under DATA. */
async function spentState(data: string, taskId: string) {
  const db = new Level<string, string>(join(data, 'store'), { keyEncoding: 'utf8' });
  await db.open();
  try {
    const [mark] = await db.getMany([`t/${taskId}/tokgc`]);
    const windows: number[] = [];
    const prefix = `t/${taskId}/tokw/`;
    for await (const k of db.keys({ gte: prefix, lt: `${prefix}~` }))
      windows.push(Number(k.slice(prefix.length).split('/')[0]));
    return { watermark: mark === undefined ? 0 : Number(mark), windows };
  } finally {
    await db.close();
  }
}

// The issuer's shortest token window is 60 s and pruning needs one to pass the horizon, so this
// cannot run faster than about a minute: it runs with `npm run test:slow` (MESH_SLOW=1).
describe.skipIf(!SLOW)('spent-token pruning under SIGKILL', () => {
  it(
    `prunes past the horizon, never counts a token twice, never loses an honest report (${CRASH_ROUNDS} rounds)`,
    async () => {
      const t0 = await tokenedTask(dir, {
        orgs: CRASH_ROUNDS,
        windowSeconds: WINDOW,
        task: { time_precision: TP },
      });
      ({ mm } = t0);
      running.push(t0.issuer);
      const { orgs, files, paths } = t0;
      const args = pairArgs({
        dir,
        ports: t0.ports,
        tasks: { leader: [paths.leader], helper: [paths.helper] },
        leaderDap: { minJobSize: 1, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 2000, ...GC },
      });
      const helperConfig = join(dir, 'helper-config.json');
      writeFileSync(helperConfig, JSON.stringify({ dap: GC }));
      args.helper.push('--config', helperConfig);
      const procs = await startPair(args);
      running.push(procs.leader, procs.helper);
      const first = Math.floor(Date.now() / 1000);
      const sent: Uint8Array[] = [];

      for (const [round, org] of orgs.entries()) {
        const client = tokenedClient(t0, org, TP);
        const bytes = m.encodeReport(await prepareInWindow(client));
        sent.push(bytes);
        const victim = round % 2 === 0 ? 'leader' : 'helper';
        await uploadAcrossCrash(client, bytes, { procs, args, running }, victim, 80);
      }
      // The first window passes the horizon (gc.ts: report times below now - RETENTION - 2) at
      // `crossing`: each aggregator is killed once around it, while its GC prunes that window.
      const crossing = ((Math.floor(first / WINDOW) + 1) * WINDOW + RETENTION + 2) * 1000;
      for (const victim of ['leader', 'helper'] as const) {
        const wait = crossing - 150 + Math.random() * 300 - Date.now();
        if (wait > 0) await sleep(wait);
        await procs[victim].kill();
        procs[victim] = await restartServe(args[victim]);
        running.push(procs[victim]);
      }
      await sleep(500);
      // Every report resent once more: none is taken again (replayed, or dropped as too old).
      const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;
      const again = await postUpload(
        url,
        m.encodeUploadRequest(sent.map((b) => m.decodeReport(b))),
      );
      expect(again.status).toBe(200);
      expect(again.errors).toHaveLength(sent.length);
      for (const e of again.errors)
        expect(['report_replayed', 'report_dropped', 'token_window_pruned']).toContain(e.error);
      const now = Math.floor(Date.now() / 1000);
      const c = await collect(
        files.collector,
        { interval: { start: first - 1, duration: now - first + 2 } },
        { timeoutMs: 90_000 },
      );
      expect(c.reportCount).toBe(CRASH_ROUNDS);
      expect(c.aggregate).toBe(CRASH_ROUNDS);
      await Promise.all([procs.leader.stop(), procs.helper.stop()]);
      // Both stores pruned the first windows and keep no spent entry below their watermark.
      for (const data of [join(dir, 'l', 'dap-leader'), join(dir, 'h', 'dap-helper')]) {
        const s = await spentState(data, files.client.task_id);
        expect(s.watermark).toBeGreaterThan(Math.floor(first / WINDOW));
        expect(s.windows.filter((w) => w < s.watermark)).toEqual([]);
      }
    },
    300_000 + CRASH_ROUNDS * 30_000,
  );
});
