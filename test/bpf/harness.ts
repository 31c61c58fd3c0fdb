// Shared setup of the kernel suites: root check, the loader (built once), listeners on 127.0.0.1.
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer as createTcp, type Server } from 'node:net';
import { createServer as createHttps } from 'node:https';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildLoader, loaderPath } from '../../bpf/index.js';
import { SensorHub } from '../../node/index.js';
import { IN_CI, ROOT } from '../support/env.js';

export const FIXTURES = join(ROOT, 'test', 'bpf', 'fixtures');
/** A registered secret of the kind an agent holds: long and high in entropy. */
export const SECRET = 'sk-live-9fQ2xL7pZ3mK8vR1tY6wB4nC';
export const ORDINARY = 'GET /status HTTP/1.1 nothing to see here, just ordinary data';

/** Why the kernel suites cannot run here, or null. Under CI=true there is no excuse. */
export function kernelSkipReason(): string | null {
  let reason: string | null = null;
  if (process.platform !== 'linux') reason = 'not Linux';
  else if (process.getuid?.() !== 0) reason = 'not root';
  else if (!existsSync('/sys/kernel/btf/vmlinux')) reason = 'no kernel BTF';
  if (reason && IN_CI) throw new Error(`sensor kernel tests must run in CI: ${reason}`);
  if (reason) console.warn(`skip: sensor kernel tests: ${reason}`);
  return reason;
}

export async function ensureLoader(): Promise<string> {
  if (!existsSync(loaderPath())) await buildLoader();
  return loaderPath();
}

/** The real interpreter behind a `python3` shim (pyenv), so watched trees stay small. */
export function pythonBin(): string {
  return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
    encoding: 'utf8',
  }).trim();
}

export interface Sinks {
  tcp: number;
  udp: number;
  https: number;
  received: () => string;
  close: () => Promise<void>;
}

function selfSigned(dir: string): { key: Buffer; cert: Buffer } {
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  if (r.status !== 0) throw new Error('openssl could not make a test certificate');
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : 0);
    });
  });
}

/** TCP, UDP and HTTPS listeners on 127.0.0.1 that swallow what they get. */
export async function startSinks(): Promise<Sinks> {
  let got = '';
  const dir = mkdtempSync(join(tmpdir(), 'mesh-bpf-'));
  const tcp = createTcp((s) => {
    s.on('data', (d) => (got += d.toString('latin1').slice(0, 256)));
    s.on('error', () => undefined);
  });
  const https = createHttps(selfSigned(dir), (req, res) => {
    req.resume();
    req.on('end', () => {
      res.end('ok');
    });
  });
  https.on('tlsClientError', () => undefined);
  const udp: Socket = createSocket('udp4');
  udp.on('message', (m) => (got += m.toString('latin1').slice(0, 256)));
  const udpPort = await new Promise<number>((resolve) => {
    udp.bind(0, '127.0.0.1', () => {
      resolve(udp.address().port);
    });
  });
  const [tcpPort, httpsPort] = await Promise.all([listen(tcp), listen(https)]);
  return {
    tcp: tcpPort,
    udp: udpPort,
    https: httpsPort,
    received: () => got,
    close: async () => {
      udp.close();
      https.closeAllConnections();
      tcp.close();
      https.close();
      rmSync(dir, { recursive: true, force: true });
      await Promise.resolve();
    },
  };
}

/** What a kernel suite's tests run against: a started sensor hub, the sinks and the real python3. */
export interface KernelRig {
  hub: SensorHub;
  sinks: Sinks;
  python: string;
}

/**
 * Called in a kernel suite's describe: builds the loader if needed and sets the rig up before the
 * suite's tests (torn down after them); its fields are there once the first test runs.
 */
export function kernelRig(): KernelRig {
  const rig: Partial<KernelRig> = {};
  beforeAll(async () => {
    await ensureLoader();
    rig.hub = new SensorHub();
    await rig.hub.start();
    rig.sinks = await startSinks();
    rig.python = pythonBin();
  });
  afterAll(async () => {
    await rig.hub?.stop();
    await rig.sinks?.close();
  });
  return rig as KernelRig;
}
