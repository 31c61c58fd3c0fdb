// DAP-18 §4.4.2 outdated_config in the node pipeline: a window's report prepared (and recorded) while
// the Leader's key k1 was active, left unsent by a crash, then k1 expired. `mesh report submit`
// must not fail forever: it retries once with a freshly generated report (new report ID, recorded
// before upload), and the collected batch counts that window exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient, messages as m, readTaskFile } from '../../dap/index.js';
import { ReportLedger } from '../../node/report/ledger.js';
import { freePort } from '../../node/demo/ports.js';
import { runMesh } from '../support/run-mesh.js';
import type { ServeProcess } from '../support/serve-process.js';
import {
  CATALOG,
  enableReporting,
  meshJson,
  publishPackAndTask,
  startAggregator,
  subscribeNode,
  type Published,
} from './reporting-mesh.js';
import { startMirror } from './publish-subscribe.js';

const HOUR = 3600;
let p: Published;
let home = '';
let lp = 0;
let leader: ServeProcess | undefined;

const startLeader = async () => {
  leader = await startAggregator(p.work, p.dap, 'leader', lp);
};
const keys = async (...args: string[]) => {
  const r = await runMesh(['dap', 'keys', ...args, '--data', join(p.work, 'leader'), '--json']);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return JSON.parse(r.stdout) as { id?: number; keys?: { id: number; state: string }[] };
};

beforeAll(async () => {
  lp = await freePort();
  const hp = await freePort();
  p = await publishPackAndTask(`http://127.0.0.1:${lp}/leader/`, `http://127.0.0.1:${hp}/helper/`, {
    minBatchSize: 1,
    timePrecision: HOUR,
    batchMode: 'time_interval',
  });
  p.services.push(await startAggregator(p.work, p.dap, 'helper', hp));
  await startLeader();
  const node = await subscribeNode(p, await startMirror(p), 'stale-key');
  expect(node.run.code, JSON.stringify(node.run.json)).toBe(0);
  home = node.home;
  const init = await enableReporting(home, ['--window', String(HOUR)]);
  expect(init.code, JSON.stringify(init.json)).toBe(0);
}, 180_000);

afterAll(async () => {
  await leader?.stop();
  await Promise.all(p.services.map((s) => s.stop()));
});

describe('mesh report submit after the Leader expired the key a prepared report was sealed to', () => {
  it('regenerates the report once, records it before upload, and the window counts once', async () => {
    const w = Math.floor(Date.now() / 1000 / HOUR) * HOUR - HOUR;
    const dir = join(home, 'report', 'coding-agent@canary');
    const client = new DapClient(readTaskFile(join(p.dap, 'client.json'), 'client'));
    // The report layout: four signals per catalog rule, then one tier slot.
    const zeros = new Array<number>(4 * CATALOG.length + 1).fill(0);
    // What `mesh report submit` leaves behind when killed between preparing and uploading.
    const crashed = await new ReportLedger(dir)
      .submit(
        String(w),
        async () => {
          const r = await client.prepare({ measurement: zeros, timeSeconds: w });
          return {
            reportId: Buffer.from(r.metadata.reportId).toString('hex'),
            report: Buffer.from(m.encodeReport(r)).toString('base64'),
          };
        },
        () => Promise.reject(new Error('killed')),
      )
      .catch((e: unknown) => e);
    expect(String(crashed)).toMatch(/killed/);
    const stale = JSON.parse(readFileSync(join(dir, `${w}.prepared.json`), 'utf8')) as {
      reportId: string;
      report: string;
    };
    const k1 = (await client.hpkeConfig('leader')).id;

    await leader?.stop();
    const { id: k2 } = await keys('add');
    await keys('activate', String(k2));
    await keys('expire', String(k1));
    await startLeader();

    // The draft's per-report error for the kept bytes, and the Leader keeps nothing of them.
    const res = await fetch(`${client.task.params.leader}tasks/${client.task.idB64}/reports`, {
      method: 'POST',
      headers: { 'content-type': m.MediaType.uploadReq },
      body: m.encodeUploadRequest([m.decodeReport(Buffer.from(stale.report, 'base64'))]),
    });
    const errs = m.decodeUploadErrors(new Uint8Array(await res.arrayBuffer()));
    expect(errs.map((e) => e.error)).toEqual(['outdated_config']);

    const submit = ['--state', home, 'report', 'submit', '--window', String(w)];
    const run = await meshJson(submit, { timeoutMs: 60_000 });
    expect(run.code, JSON.stringify(run.json) + run.stderr).toBe(0);
    expect(run.json.outcome).toBe('resubmitted');
    expect(run.json.reportId).not.toBe(stale.reportId);
    const renewed = JSON.parse(readFileSync(join(dir, `${w}.renewed.json`), 'utf8')) as {
      reportId: string;
      report: string;
    };
    expect(renewed.reportId).toBe(run.json.reportId);
    expect(
      m.decodeReport(Buffer.from(renewed.report, 'base64')).leaderEncryptedInputShare.configId,
    ).toBe(k2);
    const submitted = JSON.parse(readFileSync(join(dir, `${w}.submitted.json`), 'utf8')) as {
      report: { reportId: string };
    };
    expect(submitted.report.reportId).toBe(renewed.reportId);
    expect((await meshJson(submit)).json.outcome).toBe('already-submitted');
    expect(existsSync(join(dir, `${w}.prepared.json`))).toBe(true);

    await new Promise((r) => setTimeout(r, 1500));
    const collected = await meshJson(
      ['dap', 'collect', '--task', join(p.dap, 'collector.json'), '--interval', `${w},${HOUR}`],
      { timeoutMs: 120_000 },
    );
    expect(collected.code, JSON.stringify(collected.json) + collected.stderr).toBe(0);
    expect(collected.json.report_count).toBe(1);
    // No rule fired; the one report sets its organisation's tier slot, the last element.
    expect(collected.json.aggregate).toEqual([...zeros.slice(0, -1), 1]);
  }, 300_000);
});
