// DAP-18 §6.4.1 replay state past the retention horizon: both aggregators drop it (and the Leader's
// waiting reports and the Helper's stored jobs as old), an old replay is refused with
// report_dropped, and a report accepted within the horizon but not yet aggregated survives.
import { afterEach, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { readBucket } from '../../dap/aggregator/buckets.js';
import { collectGarbage } from '../../dap/aggregator/gc.js';
import { K, timeBucketId } from '../../dap/aggregator/keys.js';
import { dump, harness, type Harness } from './harness.js';
import { postUpload } from './support.js';

const TP = 60;
const RETENTION = 3600;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function upload(url: string, reports: m.Report[]): Promise<m.ReportUploadStatus[]> {
  const res = await postUpload(url, m.encodeUploadRequest(reports));
  expect(res.status).toBe(200);
  return res.errors;
}

const count = (d: Map<string, string>, part: string) =>
  [...d.keys()].filter((k) => k.includes(part)).length;

describe('garbage collection past the retention horizon', () => {
  it('shrinks both stores, refuses an old replay, keeps a waiting report', async () => {
    const clock = { now: Math.floor(Date.now() / 1000) };
    const nowSeconds = () => clock.now;
    h = await harness(
      { time_precision: TP, min_batch_size: 1 },
      { reportRetentionSeconds: RETENTION },
      undefined,
      { nowSeconds },
    );
    const { leader, helper, files } = h;
    const lt = [...leader.tasks.values()][0];
    const ht = [...helper.tasks.values()][0];
    if (!lt || !ht) throw new Error('no task');
    const url = `${h.leaderUrl}tasks/${files.client.task_id}/reports`;
    const client = new DapClient(files.client);
    const old = await Promise.all(
      [1, 0, 1].map((x) => client.prepare({ measurement: x, timeSeconds: clock.now })),
    );
    expect(await upload(url, old)).toEqual([]);
    await h.driver.tick();
    const before = [await dump(leader.store), await dump(helper.store)] as const;
    expect(count(before[0], '/seen/')).toBe(3);
    expect(count(before[1], '/seen/')).toBe(3);
    expect(count(before[1], '/job/')).toBe(1);

    // Two retention periods later: the old reports are past the horizon; a new one waits.
    clock.now += 2 * RETENTION;
    const fresh = await client.prepare({ measurement: 1, timeSeconds: clock.now });
    expect(await upload(url, [fresh])).toEqual([]);
    const lg = await collectGarbage(leader, lt);
    const hg = await collectGarbage(helper, ht);
    expect(lg).toEqual({ replayEntries: 3, waitingReports: 0, helperJobs: 0 });
    expect(hg).toEqual({ replayEntries: 3, waitingReports: 0, helperJobs: 1 });
    const after = [await dump(leader.store), await dump(helper.store)] as const;
    expect(after[0].size).toBeLessThan(before[0].size);
    expect(after[1].size).toBeLessThan(before[1].size);
    expect(count(after[0], '/seen/')).toBe(1);
    expect(count(after[1], '/seen/')).toBe(0);
    expect(count(after[1], '/job/')).toBe(0);
    expect(count(after[0], '/pend/')).toBe(1);

    // The old reports, replayed, are refused; their replay state is gone, so by age.
    const again = await upload(url, old);
    expect(again.map((e) => e.error)).toEqual([
      'report_dropped',
      'report_dropped',
      'report_dropped',
    ]);
    expect(count(await dump(leader.store), '/seen/')).toBe(1);

    // The waiting report is aggregated after the collection.
    await h.driver.tick();
    const t = Math.floor(clock.now / TP);
    const bucket = await readBucket(leader.store, lt.task, timeBucketId(t));
    expect(bucket?.count).toBe(1);
    expect(
      await leader.store.get(
        K.pending(lt.task.idB64, t, Buffer.from(fresh.metadata.reportId).toString('hex')),
      ),
    ).toBeUndefined();
  });

  it('drops waiting reports that fell past the horizon before a job took them', async () => {
    const clock = { now: Math.floor(Date.now() / 1000) };
    h = await harness(
      { time_precision: TP, min_batch_size: 1 },
      { reportRetentionSeconds: RETENTION, minJobSize: 1000, maxJobAgeMs: 2 ** 30 },
      undefined,
      { nowSeconds: () => clock.now },
    );
    const lt = [...h.leader.tasks.values()][0];
    if (!lt) throw new Error('no task');
    const client = new DapClient(h.files.client);
    const r = await client.prepare({ measurement: 1, timeSeconds: clock.now });
    expect(await upload(`${h.leaderUrl}tasks/${h.files.client.task_id}/reports`, [r])).toEqual([]);
    expect(await collectGarbage(h.leader, lt)).toEqual({
      replayEntries: 0,
      waitingReports: 0,
      helperJobs: 0,
    });
    clock.now += 2 * RETENTION;
    expect(await collectGarbage(h.leader, lt)).toEqual({
      replayEntries: 1,
      waitingReports: 1,
      helperJobs: 0,
    });
    expect(count(await dump(h.leader.store), '/pend/')).toBe(0);
  });
});
