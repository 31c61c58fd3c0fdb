// Shared set-up of the reporting end-to-end suites: maintainer keys, builtin:coding-agent and its DAP
// client task published through TUF and the log, a mirror, and node state directories subscribed
// through it — every step a real `mesh` process.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { signerVkey } from '../../log/index.js';
import { BUILTIN_PACKS, PublishKeys } from '../../packs/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

export const PACK = 'coding-agent';
export const SPEC = `mesh:${PACK}@canary`;
export const CATALOG = (BUILTIN_PACKS[PACK] as { catalog: string[] }).catalog;

export interface MeshRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  json: Record<string, unknown>;
  stderr: string;
}

/** `mesh ARGS --json`, its last stdout line parsed (an error object on failure). */
export async function meshJson(
  args: string[],
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<MeshRun> {
  const r = await runMesh([...args, '--json'], { timeoutMs: 60_000, ...opts });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // killed or crashed before printing: callers look at code and signal
  }
  return { code: r.code, signal: r.signal, json, stderr: r.stderr };
}

export interface Published {
  work: string;
  keys: string;
  repo: string;
  logKey: string;
  dap: string;
  services: ServeProcess[];
}

/** Keys, the canary pack, and a Prio3SumVec task over the catalog whose endpoints are given. */
export async function publishPackAndTask(
  leader: string,
  helper: string,
  task: { minBatchSize: number; timePrecision: number; batchMode: string },
): Promise<Published> {
  const work = mkdtempSync(join(tmpdir(), 'mesh-report-e2e-'));
  const keys = join(work, 'keys');
  const repo = join(work, 'repo');
  const dap = join(work, 'dap');
  mkdirSync(keys, { recursive: true });
  for (const r of ['root', 'targets', 'canary', 'stable', 'snapshot', 'timestamp', 'log']) {
    const k = await meshJson(['keys', 'new', '--role', r, '--out', join(keys, `${r}.key`)]);
    expect(k.code, k.stderr).toBe(0);
  }
  const packFile = join(work, `${PACK}.json`);
  writeFileSync(packFile, JSON.stringify(BUILTIN_PACKS[PACK]));
  const pub = await meshJson(['publish', packFile, '--repo', repo, '--keys', keys]);
  expect(pub.code, JSON.stringify(pub.json)).toBe(0);
  const made = await meshJson([
    'dap',
    'task',
    'new',
    '--vdaf',
    'Prio3SumVec',
    '--length',
    String(2 * CATALOG.length),
    '--max-measurement',
    '1',
    '--min-batch-size',
    String(task.minBatchSize),
    '--batch-mode',
    task.batchMode,
    '--time-precision',
    String(task.timePrecision),
    '--leader',
    leader,
    '--helper',
    helper,
    '--out-dir',
    dap,
  ]);
  expect(made.code, JSON.stringify(made.json)).toBe(0);
  const t = await meshJson([
    'publish',
    '--task',
    join(dap, 'client.json'),
    '--name',
    PACK,
    '--repo',
    repo,
    '--keys',
    keys,
  ]);
  expect(t.code, JSON.stringify(t.json)).toBe(0);
  const logKey = signerVkey(new PublishKeys(keys).logSigner('interlock-mesh/log'));
  return { work, keys, repo, logKey, dap, services: [] };
}

export async function startMirror(p: Published, repo = p.repo): Promise<string> {
  const s = await startServe([
    '--role',
    'mirror',
    '--repo',
    repo,
    '--data',
    mkdtempSync(join(p.work, 'mirror-')),
  ]);
  p.services.push(s);
  return s.url;
}

/** A fresh node state directory (no shadow day) subscribed to the canary pack via `mirror`. */
export async function subscribeNode(
  p: Published,
  mirror: string,
  name: string,
): Promise<{ home: string; run: MeshRun }> {
  const home = join(p.work, 'nodes', name);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      schema: 1,
      reporting: { enabled: false },
      operator: { shadowWindowSeconds: 0 },
    }),
    { mode: 0o600 },
  );
  const run = await meshJson([
    '--state',
    home,
    'subscribe',
    SPEC,
    '--mirror',
    mirror,
    '--root',
    join(p.repo, 'metadata', '1.root.json'),
    '--log-key',
    p.logKey,
  ]);
  return { home, run };
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
