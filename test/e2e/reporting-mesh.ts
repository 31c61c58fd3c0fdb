// Shared set-up of the reporting end-to-end suites: builtin:coding-agent and its DAP client task
// published through TUF and the log, the DAP aggregators, and node state directories subscribed
// through a mirror — every step a real `mesh` process, on the steps of ./publish-subscribe.ts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../node/demo/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import {
  CATALOG,
  expectOk,
  maintainer,
  meshJson,
  nodeHome,
  PACK,
  publish,
  publishTask,
  subscribe,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';

export { CATALOG, meshJson, PACK, type MeshRun } from './publish-subscribe.js';
export const SPEC = `mesh:${PACK}@canary`;

export interface Published extends Maintainer {
  dap: string;
}

export interface DapTask {
  length: number;
  minBatchSize: number;
  timePrecision: number;
  batchMode: string;
  leader: string;
  helper: string;
}

/** `mesh dap task new` of a Prio3SumVec task (max measurement 1) into OUT_DIR, which must succeed. */
export async function newDapTask(outDir: string, t: DapTask): Promise<void> {
  const shape = ['--vdaf', 'Prio3SumVec', '--length', String(t.length), '--max-measurement', '1'];
  expectOk(
    await meshJson([
      'dap',
      'task',
      'new',
      ...shape,
      '--min-batch-size',
      String(t.minBatchSize),
      // Test tasks are smaller than the consent floor on purpose.
      ...(t.minBatchSize < 10 ? ['--below-consent-floor'] : []),
      '--batch-mode',
      t.batchMode,
      '--time-precision',
      String(t.timePrecision),
      '--leader',
      t.leader,
      '--helper',
      t.helper,
      '--out-dir',
      outDir,
    ]),
  );
}

/** Two free loopback ports and the DAP leader and helper endpoints on them. */
export async function dapEndpoints(): Promise<{
  leaderPort: number;
  helperPort: number;
  leader: string;
  helper: string;
}> {
  const [leaderPort, helperPort] = [await freePort(), await freePort()];
  return {
    leaderPort,
    helperPort,
    leader: `http://127.0.0.1:${leaderPort}/leader/`,
    helper: `http://127.0.0.1:${helperPort}/helper/`,
  };
}

/** `mesh serve` for ROLE of the task in TASK_DIR on PORT, with its data under DIR/ROLE. */
export function startAggregator(
  dir: string,
  taskDir: string,
  role: 'helper' | 'leader',
  port: number,
): Promise<ServeProcess> {
  return startServe([
    '--role',
    `dap-${role}`,
    '--port',
    String(port),
    '--task',
    join(taskDir, `${role}.json`),
    '--data',
    join(dir, role),
  ]);
}

/** The helper, then the leader, of the task in TASK_DIR on their ports, with data under DIR. */
export async function startAggregators(
  dir: string,
  taskDir: string,
  ports: { leaderPort: number; helperPort: number },
): Promise<ServeProcess[]> {
  const helper = await startAggregator(dir, taskDir, 'helper', ports.helperPort);
  return [helper, await startAggregator(dir, taskDir, 'leader', ports.leaderPort)];
}

/** Keys, the canary pack, and a Prio3SumVec task over the catalog whose endpoints are given. */
export async function publishPackAndTask(
  leader: string,
  helper: string,
  task: { minBatchSize: number; timePrecision: number; batchMode: string },
): Promise<Published> {
  const m = await maintainer(mkdtempSync(join(tmpdir(), 'mesh-report-e2e-')));
  const dap = join(m.work, 'dap');
  await publish(m, writePack(m, `${PACK}.json`));
  // The consensus layout: four signals per catalog rule, then one tier slot.
  await newDapTask(dap, { ...task, length: 4 * CATALOG.length + 1, leader, helper });
  await publishTask(m, join(dap, 'client.json'));
  return { ...m, dap };
}

/** A fresh node state directory (no shadow day) subscribed to the canary pack via `mirror`. */
export async function subscribeNode(
  p: Published,
  mirror: string,
  name: string,
): Promise<{ home: string; run: MeshRun }> {
  const home = nodeHome(p, join('nodes', name), {
    schema: 1,
    reporting: { enabled: false },
    operator: { shadowWindowSeconds: 0 },
  });
  return { home, run: await subscribe(p, home, SPEC, mirror, { strict: false }) };
}

/**
 * `mesh report init --pack SPEC --enable` in HOME, with FLAGS; then the consent is dated a day back,
 * as for an operator who enabled reporting before the receipts these suites report on (consent is
 * never retroactive: test/e2e/report-consent.test.ts shows what a fresh consent covers).
 */
export async function enableReporting(home: string, flags: string[] = []): Promise<MeshRun> {
  const r = await meshJson([
    '--state',
    home,
    'report',
    'init',
    '--pack',
    SPEC,
    '--enable',
    // Test tasks are smaller than the consent floor on purpose.
    '--below-consent-floor',
    ...flags,
  ]);
  if (r.code === 0) consentedSince(home, Math.floor(Date.now() / 1000) - 86_400);
  return r;
}

/** Dates HOME's consent to report at AT (unix seconds), as `mesh report enable` would have then. */
export function consentedSince(home: string, at: number): void {
  const file = join(home, 'config.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { reporting: Record<string, unknown> };
  doc.reporting.enabledAt = at;
  writeFileSync(file, JSON.stringify(doc), { mode: 0o600 });
}

/** An HTTP listener that records every request and answers 404: an endpoint that must stay quiet. */
export interface Listener {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export function listen(): Promise<Listener> {
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((r) =>
            server.close(() => {
              r();
            }),
          ),
      });
    });
  });
}
