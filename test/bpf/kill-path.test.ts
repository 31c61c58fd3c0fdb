// The kill path on the real kernel: watched python3 and node processes that send a registered
// secret to 127.0.0.1 die with a BLOCK "killed" verdict; ordinary traffic and outsiders live.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  createFlowTracker,
  ed25519Signer,
  ReceiptStore,
  ReceiptWriter,
} from '../../guard/index.js';
import { runSensorExec, type SensorExecResult } from '../../node/index.js';
import {
  FIXTURES,
  kernelRig,
  kernelSkipReason,
  ORDINARY,
  SECRET,
  type KernelRig,
} from './harness.js';

const skip = kernelSkipReason();
let rig: KernelRig;

function matcher() {
  const m = createFlowTracker();
  m.registerSecret(SECRET, 'api-key');
  return m;
}

async function exec(
  command: string[],
  opts: { allow?: string[]; arm?: boolean; receipts?: ReceiptWriter } = {},
): Promise<SensorExecResult> {
  const records: Record<string, unknown>[] = [];
  return runSensorExec({
    command,
    matcher: matcher(),
    allowAddrs: opts.allow ?? [],
    arm: opts.arm ?? false,
    emit: (r) => records.push(r),
    stdio: 'pipe',
    timeoutMs: 20_000,
    hub: rig.hub,
    ...(opts.receipts ? { receipts: opts.receipts } : {}),
  });
}

const py =
  (mode: string, port: () => number, payload: string, linger = 8) =>
  () => [rig.python, join(FIXTURES, 'leak.py'), mode, String(port()), payload, String(linger)];
const nodeCmd =
  (mode: string, port: () => number, payload: string, linger = 8) =>
  () => [
    process.execPath,
    join(FIXTURES, 'leak.mjs'),
    mode,
    String(port()),
    payload,
    String(linger),
  ];

function expectKilled(r: SensorExecResult): void {
  expect(r.killed).toBe(true);
  expect(r.signal).toBe('SIGKILL');
  const v = r.verdicts[0];
  expect(v?.decision).toMatchObject({
    verdict: 'block',
    action: 'killed',
    rule: 'sensor.exfiltration',
  });
  expect(v?.decision.reason).toMatch(/^exfiltration/);
  // (pid, start time) led back to the command's session, through forks for the children.
  expect(v?.session).toBe('sensor');
  expect(JSON.stringify(v)).not.toContain(SECRET);
}

describe.skipIf(skip !== null)('sensor kill path (real kernel, root)', () => {
  rig = kernelRig();

  const leaks: [string, () => string[]][] = [
    ['python tcp sendall', py('tcp', () => rig.sinks.tcp, SECRET)],
    ['python send() (sendto with NULL address)', py('send', () => rig.sinks.tcp, SECRET)],
    ['python write() on a socket fd', py('write', () => rig.sinks.tcp, SECRET)],
    ['python writev across two iovecs', py('writev', () => rig.sinks.tcp, SECRET)],
    ['python sendmsg across three iovecs', py('sendmsg', () => rig.sinks.tcp, SECRET)],
    ['python connected udp', py('udp', () => rig.sinks.udp, SECRET)],
    ['python unconnected udp sendmsg', py('udp-sendmsg', () => rig.sinks.udp, SECRET)],
    ['python https (libssl SSL_write uprobe)', py('https', () => rig.sinks.https, SECRET)],
    ['python dup2 of the socket onto fd 1', py('dup2', () => rig.sinks.tcp, SECRET)],
    ['python write long after connect', py('late', () => rig.sinks.tcp, SECRET)],
    ['python setsid child', py('child', () => rig.sinks.tcp, SECRET)],
    [
      'python base64-encoded secret',
      py('tcp', () => rig.sinks.tcp, Buffer.from(SECRET).toString('base64')),
    ],
    [
      'python hex-encoded secret',
      py('tcp', () => rig.sinks.tcp, Buffer.from(SECRET).toString('hex')),
    ],
    ['python secret split across DNS queries', py('dns', () => 53, SECRET)],
    ['node tcp', nodeCmd('tcp', () => rig.sinks.tcp, SECRET)],
    ['node udp', nodeCmd('udp', () => rig.sinks.udp, SECRET)],
    ['node https (SSL_write in the node binary)', nodeCmd('https', () => rig.sinks.https, SECRET)],
    ['node detached child', nodeCmd('child', () => rig.sinks.tcp, SECRET)],
  ];

  for (const [name, command] of leaks) {
    it(`kills: ${name}`, async () => {
      // The script lingers 8 s and then exits 0: SIGKILL with a verdict can only be the sensor's.
      const r = await exec(command());
      expectKilled(r);
    });
  }

  const ordinary: [string, () => string[]][] = [
    ['python tcp', py('tcp', () => rig.sinks.tcp, ORDINARY, 0.2)],
    ['python https', py('https', () => rig.sinks.https, ORDINARY, 0.2)],
    ['python udp', py('udp', () => rig.sinks.udp, ORDINARY, 0.2)],
    ['node tcp', nodeCmd('tcp', () => rig.sinks.tcp, ORDINARY, 0.2)],
    ['node https', nodeCmd('https', () => rig.sinks.https, ORDINARY, 0.2)],
  ];
  for (const [name, command] of ordinary) {
    it(`lets ordinary data through: ${name}`, async () => {
      const r = await exec(command());
      expect(r.killed).toBe(false);
      expect(r.exitCode).toBe(0);
      expect(r.verdicts).toEqual([]);
      expect(r.events.some((e) => e.type === 'send' || e.type === 'tls')).toBe(true);
    });
  }

  it('never touches an unwatched process sending the same secret', async () => {
    const outsider = spawn(
      rig.python,
      [join(FIXTURES, 'leak.py'), 'tcp', String(rig.sinks.tcp), SECRET, '1.5'],
      {
        stdio: 'ignore',
      },
    );
    const outsiderDone = new Promise<number | null>((resolve) => outsider.on('close', resolve));
    const r = await exec(py('tcp', () => rig.sinks.tcp, SECRET)());
    expectKilled(r);
    expect(await outsiderDone).toBe(0);
    expect(r.events.some((e) => e.pid === outsider.pid)).toBe(false);
  });

  it('writes a signed BLOCK receipt for the kill, without the secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-sensor-receipts-'));
    const file = join(dir, 'receipts.db');
    const store = new ReceiptStore(file, ed25519Signer(new Uint8Array(32).fill(7)));
    try {
      const r = await exec(py('tcp', () => rig.sinks.tcp, SECRET)(), {
        receipts: new ReceiptWriter(store),
      });
      expectKilled(r);
    } finally {
      store.close();
    }
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT body FROM receipts').all() as { body: string }[];
    db.close();
    rmSync(dir, { recursive: true, force: true });
    expect(rows).toHaveLength(1);
    const body = JSON.parse(rows[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      verdict: 'block',
      rule: 'sensor.exfiltration',
      tool: 'sensor',
      action: 'killed',
    });
    expect(String(body.reason)).toMatch(/^exfiltration/);
    expect(rows[0]!.body).not.toContain(SECRET);
  });

  it('keeps stale bytes of one record out of the next', async () => {
    const r = await exec(py('stale', () => rig.sinks.tcp, ORDINARY, 0.2)());
    const sends = r.events.filter((e) => e.type === 'send');
    const long = sends.find((e) => e.data.length === 3000);
    const short = sends.find((e) => Buffer.from(e.data).toString() === ORDINARY);
    expect(long && Buffer.from(long.data).every((b) => b === 0x5a)).toBe(true);
    expect(short?.data.length).toBe(ORDINARY.length);
    expect(short?.total).toBe(ORDINARY.length);
  });
});
