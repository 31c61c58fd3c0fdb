// The client side of the fleet suites: batches of Prio3Sum(7) reports uploaded to a Leader front
// until stopped, each batch sent again until it is answered, counting exactly what was accepted
// (report_replayed on a resend means the cut request had stored it).
import { DapClient, type TaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { postUpload } from './support.js';

export interface FleetUploads {
  accepted: number;
  expectedSum: number;
  /** Requests that failed (connection cut, 5xx) and were sent again. */
  resent: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts uploading at `t` (seconds); `stop()` ends after the batch in flight is answered. */
export function startUploader(
  files: TaskFiles,
  t: number,
): { uploads: FleetUploads; stop(): Promise<FleetUploads> } {
  const client = new DapClient(files.client);
  const uploads: FleetUploads = { accepted: 0, expectedSum: 0, resent: 0 };
  const flags = { stop: false };
  const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;
  const loop = (async () => {
    while (!flags.stop) {
      const ms = Array.from({ length: 4 }, () => Math.floor(Math.random() * 8));
      const reports = await Promise.all(
        ms.map((measurement) => client.prepare({ measurement, timeSeconds: t })),
      );
      const body = m.encodeUploadRequest(reports);
      for (;;) {
        try {
          const res = await postUpload(url, body);
          if (res.status !== 200) throw new Error(`status ${String(res.status)}`);
          const errors = new Map(
            res.errors.map((e) => [Buffer.from(e.reportId).toString('hex'), e.error]),
          );
          reports.forEach((r, i) => {
            const e = errors.get(Buffer.from(r.metadata.reportId).toString('hex'));
            if (e === undefined || e === 'report_replayed') {
              uploads.accepted++;
              uploads.expectedSum += ms[i] ?? 0;
            }
          });
          break;
        } catch {
          uploads.resent++;
          await sleep(50);
        }
      }
    }
  })();
  return {
    uploads,
    async stop() {
      flags.stop = true;
      await loop;
      return uploads;
    },
  };
}
