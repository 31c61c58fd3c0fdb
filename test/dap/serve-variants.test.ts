// `mesh serve` DAP variants as real processes: one process serving both aggregator roles, a
// Prio3MultihotCountVec task made with --max-weight (a measurement over the weight is refused), and
// the whole upload and collection over TLS with a self-signed CA that the client processes trust
// through NODE_EXTRA_CA_CERTS (read by Node at start-up for every TLS connection, fetch included).
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from './support.js';

const TP = 60;
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
});

const ROLES = ['client', 'leader', 'helper', 'collector'] as const;

async function newTask(base: string, out: string, vdaf: string[]): Promise<void> {
  const r = await runMesh([
    'dap',
    'task',
    'new',
    ...vdaf,
    '--min-batch-size',
    '3',
    '--below-consent-floor',
    '--time-precision',
    String(TP),
    '--leader',
    `${base}/leader/`,
    '--helper',
    `${base}/helper/`,
    '--out-dir',
    out,
  ]);
  expect(r.code, r.stderr).toBe(0);
  for (const role of ROLES) expect(statSync(join(out, `${role}.json`)).mode & 0o777).toBe(0o600);
}

/** Both roles in one process, on one port. */
async function serveBoth(dir: string, task: string, port: number, extra: string[] = [], env = {}) {
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ dap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 } }));
  const s = await startServe(
    [
      '--role',
      'dap-leader,dap-helper',
      '--port',
      String(port),
      '--data',
      join(dir, 'data'),
      '--config',
      config,
      '--task',
      join(task, 'leader.json'),
      '--task',
      join(task, 'helper.json'),
      ...extra,
    ],
    env,
  );
  running.push(s);
  return s;
}

async function submitAndCollect(task: string, ms: unknown[], env: NodeJS.ProcessEnv = {}) {
  const now = Math.floor(Date.now() / 1000);
  const file = join(task, 'm.jsonl');
  writeFileSync(file, ms.map((m) => JSON.stringify(m)).join('\n') + '\n');
  const s = await runMesh(
    [
      'dap',
      'submit',
      '--task',
      join(task, 'client.json'),
      '--measurements',
      file,
      '--time',
      String(now),
      '--json',
    ],
    { env, timeoutMs: 60_000 },
  );
  expect(s.code, s.stderr).toBe(0);
  expect(JSON.parse(s.stdout)).toMatchObject({ accepted: ms.length, rejected: [] });
  const start = (Math.floor(now / TP) - 1) * TP;
  const c = await runMesh(
    [
      'dap',
      'collect',
      '--task',
      join(task, 'collector.json'),
      '--interval',
      `${start},${3 * TP}`,
      '--json',
    ],
    { env, timeoutMs: 60_000 },
  );
  expect(c.code, c.stderr + c.stdout).toBe(0);
  return JSON.parse(c.stdout) as { aggregate: unknown; report_count: number };
}

describe('mesh serve --role dap-leader,dap-helper', () => {
  it('Prio3MultihotCountVec --max-weight 2 end to end in one process; weight 3 refused', async () => {
    const dir = tempDir('multihot');
    const port = await freePort();
    const task = join(dir, 'task');
    await newTask(`http://127.0.0.1:${port}`, task, [
      '--vdaf',
      'Prio3MultihotCountVec',
      '--length',
      '4',
      '--max-weight',
      '2',
    ]);
    await serveBoth(dir, task, port);
    const over = await runMesh([
      'dap',
      'submit',
      '--task',
      join(task, 'client.json'),
      '--measurement',
      '[true,true,true,false]',
    ]);
    expect(over.code).not.toBe(0);
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(/4 booleans with at most 2 set/);
    const out = await submitAndCollect(task, [
      [true, false, true, false],
      [false, true, true, false],
      [true, true, false, false],
    ]);
    // Exactly the three accepted reports: the refused one never reached the Leader.
    expect(out).toMatchObject({ aggregate: [2, 2, 2, 0], report_count: 3 });
  }, 180_000);
});

describe('mesh serve --tls-cert/--tls-key', () => {
  it('uploads and collects over TLS with a trusted CA; an untrusting client is refused', async () => {
    const dir = tempDir('tls');
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    ssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=mesh test CA',
    );
    ssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    ssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    );
    const port = await freePort();
    const task = join(dir, 'task');
    await newTask(`https://127.0.0.1:${port}`, task, ['--vdaf', 'Prio3Count']);
    const trust = { NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') };
    const s = await serveBoth(
      dir,
      task,
      port,
      ['--tls-cert', join(dir, 'server.pem'), '--tls-key', join(dir, 'server.key')],
      trust,
    );
    expect(s.url).toMatch(/^https:/);
    const untrusting = await runMesh([
      'dap',
      'submit',
      '--task',
      join(task, 'client.json'),
      '--measurement',
      '1',
    ]);
    expect(untrusting.code).not.toBe(0);
    // The only difference to the run below is the trusted CA: the TLS handshake fails.
    expect(untrusting.stderr).toMatch(/hpke_config: TLS certificate not trusted \(.*--ca FILE/);
    const out = await submitAndCollect(task, [1, 0, 1], trust);
    expect(out).toMatchObject({ aggregate: 2, report_count: 3 });
  }, 180_000);
});
