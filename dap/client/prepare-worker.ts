// DAP-18 §4.4.2 on a worker thread (client/prepare-thread.ts): shards and seals each chunk of
// measurements it is sent with the HPKE configs the Client fetched, and answers encoded Reports.
import { parentPort, workerData } from 'node:worker_threads';
import { DapError } from '../errors.js';
import { encodeReport } from '../messages/index.js';
import { DapClient } from './client.js';
import type { PrepareAnswer, PrepareRequest, PrepareSetup } from './prepare-thread.js';

const setup = workerData as PrepareSetup;
const client = new DapClient(setup.file);
client.adoptHpkeConfigs(setup.configs);

async function answer(req: PrepareRequest): Promise<PrepareAnswer> {
  try {
    const reports: Uint8Array[] = [];
    for (const s of req.subs) reports.push(encodeReport(await client.prepare(s)));
    return { id: req.id, reports };
  } catch (e) {
    const code = e instanceof DapError ? e.code : 'vdaf_failed';
    return { id: req.id, error: { code, message: (e as Error).message } };
  }
}

parentPort?.on('message', (req: PrepareRequest) => {
  void answer(req).then((a) =>
    parentPort?.postMessage(a, 'reports' in a ? a.reports.map((r) => r.buffer as ArrayBuffer) : []),
  );
});
