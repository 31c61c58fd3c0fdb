// DAP-18 §4.4.2 on a preparing thread (client/prepare-thread.ts): shards and seals each chunk of
// measurements it is sent with the HPKE configs the Client fetched, and answers encoded Reports.
// The thread's module (prepare-worker.ts) or its one-file bundle (docs/architecture.md "Start-up")
// calls this once.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { DapError } from '../errors.js';
import { encodeReport } from '../messages/index.js';
import { DapClient } from './client.js';
import type { PrepareAnswer, PrepareRequest, PrepareSetup } from './prepare-thread.js';

/**
 * Answers every PrepareRequest that arrives on `port` (by default the thread's parent port, with
 * the setup the thread was started with).
 * @example servePrepareRequests(); // in a worker started by PrepareThread
 */
export function servePrepareRequests(
  port: MessagePort | null = parentPort,
  setup: PrepareSetup = workerData as PrepareSetup,
): void {
  if (port === null) return;
  const client = new DapClient(setup.file);
  client.adoptHpkeConfigs(setup.configs);
  const answer = async (req: PrepareRequest): Promise<PrepareAnswer> => {
    try {
      const reports: Uint8Array[] = [];
      for (const s of req.subs) reports.push(encodeReport(await client.prepare(s)));
      return { id: req.id, reports };
    } catch (e) {
      const code = e instanceof DapError ? e.code : 'vdaf_failed';
      return { id: req.id, error: { code, message: (e as Error).message } };
    }
  };
  port.on('message', (req: PrepareRequest) => {
    void answer(req).then((a) => {
      port.postMessage(a, 'reports' in a ? a.reports.map((r) => r.buffer as ArrayBuffer) : []);
    });
  });
}
