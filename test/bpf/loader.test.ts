// The loader on the real kernel: feature probe, the armed allowlist (cgroup/connect4/6, sendmsg4/6),
// a flood that overflows a small ring buffer, restart with replayed watches, refused commands.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFlowTracker } from '../../guard/index.js';
import {
  createWatchCgroup,
  FLAG_DENIED,
  killCgroup,
  removeCgroup,
  SensorError,
} from '../../bpf/index.js';
import { runSensorExec, SensorHub, type SensorExecResult } from '../../node/index.js';
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

function run(
  args: string[],
  opts: { allow?: string[]; arm?: boolean; hub?: SensorHub } = {},
): Promise<SensorExecResult> {
  const matcher = createFlowTracker();
  matcher.registerSecret(SECRET, 'api-key');
  return runSensorExec({
    command: [rig.python, join(FIXTURES, 'leak.py'), ...args],
    matcher,
    allowAddrs: opts.allow ?? [],
    arm: opts.arm ?? false,
    emit: () => undefined,
    stdio: 'pipe',
    timeoutMs: 20_000,
    hub: opts.hub ?? rig.hub,
  });
}

const egress = (r: SensorExecResult) => r.events.filter((e) => e.type === 'egress');

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe.skipIf(skip !== null)('sensor loader (real kernel, root)', () => {
  rig = kernelRig();

  it('reports what this kernel allows, with a reason for each refusal', () => {
    const f = rig.hub.supervisor.features;
    for (const name of ['btf', 'tracefs', 'ringbuf', 'cgroup_sock_addr', 'uprobe', 'tp_btf'])
      expect(f[name], name).toEqual({ ok: true });
    for (const name of ['lsm', 'fentry', 'kprobe']) {
      const v = f[name];
      expect(v, name).toBeDefined();
      if (v && !v.ok) {
        expect(v.reason).toBeTruthy();
        console.warn(`skip: ${name} programs are not used here: ${v.reason ?? ''}`);
      }
    }
    expect(rig.hub.supervisor.uprobes.some((u) => u.path === process.execPath && u.ok)).toBe(true);
  });

  it('armed: refuses an unconnected UDP send outside the allowlist (sendmsg4) and reports it', async () => {
    const r = await run(['udp-sendto', String(rig.sinks.udp), ORDINARY, '0', '127.0.0.2'], {
      allow: ['127.0.0.1'],
      arm: true,
    });
    expect(r.exitCode).toBe(3);
    const e = egress(r);
    expect(
      e.some(
        (x) => x.src === 'sendmsg4' && x.daddr === '127.0.0.2' && (x.flags & FLAG_DENIED) !== 0,
      ),
    ).toBe(true);
  });

  it('armed: refuses TCP connects outside the allowlist (connect4, connect6) and lets allowed ones through', async () => {
    const v4 = await run(['tcp', String(rig.sinks.tcp), ORDINARY, '0', '127.0.0.2'], {
      allow: ['127.0.0.1'],
      arm: true,
    });
    expect(v4.exitCode).toBe(3);
    expect(egress(v4).some((x) => x.src === 'connect4' && (x.flags & FLAG_DENIED) !== 0)).toBe(
      true,
    );
    const v6 = await run(['tcp', String(rig.sinks.tcp), ORDINARY, '0', '::1'], {
      allow: ['127.0.0.1'],
      arm: true,
    });
    expect(v6.exitCode).toBe(3);
    expect(egress(v6).some((x) => x.src === 'connect6' && x.daddr === '::1')).toBe(true);
    const ok = await run(['tcp', String(rig.sinks.tcp), ORDINARY, '0'], {
      allow: ['127.0.0.1'],
      arm: true,
    });
    expect(ok.exitCode).toBe(0);
    expect(egress(ok)).toEqual([]);
  });

  it('armed: refuses an unconnected UDP send to ::1 (sendmsg6)', async () => {
    const r = await run(['udp-sendto', String(rig.sinks.udp), ORDINARY, '0', '::1'], {
      allow: ['127.0.0.1'],
      arm: true,
    });
    expect(r.exitCode).toBe(3);
    expect(egress(r).some((x) => x.src === 'sendmsg6' && (x.flags & FLAG_DENIED) !== 0)).toBe(true);
  });

  it('not armed: the same send goes out and is only reported', async () => {
    const r = await run(['udp-sendto', String(rig.sinks.udp), ORDINARY, '0', '127.0.0.2'], {
      allow: ['127.0.0.1'],
    });
    expect(r.exitCode).toBe(0);
    const e = egress(r).find((x) => x.src === 'sendmsg4');
    expect(e?.daddr).toBe('127.0.0.2');
    expect((e?.flags ?? FLAG_DENIED) & FLAG_DENIED).toBe(0);
  });

  it('survives a flood that overflows a small ring buffer and reports the drops', async () => {
    const small = new SensorHub({ ringbufBytes: 16_384 });
    await small.start();
    try {
      const r = await run(['flood', String(rig.sinks.tcp), ORDINARY, '3000'], { hub: small });
      expect(r.killed).toBe(false);
      expect(r.exitCode).toBe(0);
      expect(r.health?.drops).toBeGreaterThan(0);
      const after = await small.supervisor.health();
      expect(after.drops).toBeGreaterThanOrEqual(r.health?.drops ?? 0);
      expect(after.events).toBeGreaterThan(0);
    } finally {
      await small.stop();
    }
  });

  it('restarts a killed loader and replays its watches', async () => {
    const own = new SensorHub({ maxRestarts: 2 });
    await own.start();
    const cg = createWatchCgroup('restart');
    const seen: number[] = [];
    try {
      await own.watch(cg, (ev) => {
        if (ev.type === 'send') seen.push(ev.pid);
      });
      const first = own.supervisor.loaderPid;
      process.kill(first ?? 0, 'SIGKILL');
      await until(async () => {
        if (own.supervisor.restarts < 1 || own.supervisor.loaderPid === first) return false;
        await own.supervisor.health();
        return true;
      });
      const child = spawn(
        '/bin/sh',
        [
          '-c',
          'echo $$ > "$0/cgroup.procs" && exec "$@"',
          cg,
          rig.python,
          join(FIXTURES, 'leak.py'),
          'tcp',
          String(rig.sinks.tcp),
          ORDINARY,
          '0',
        ],
        { stdio: 'ignore' },
      );
      await new Promise((r) => child.on('close', r));
      await until(() => Promise.resolve(seen.includes(child.pid ?? -1)));
    } finally {
      killCgroup(cg);
      await own.stop();
      await removeCgroup(cg);
    }
  });

  it('refuses a malformed command with a coded error and keeps serving', async () => {
    await expect(rig.hub.supervisor.send({ cmd: 'no-such-command' })).rejects.toBeInstanceOf(
      SensorError,
    );
    await expect(rig.hub.supervisor.send({ cmd: 'limits', cap: 999_999 })).rejects.toThrow(
      /cap out of range/,
    );
    await expect(rig.hub.supervisor.send({ cmd: 'watch', cgroup: '/nonexistent' })).rejects.toThrow(
      /cgroup/,
    );
    expect((await rig.hub.supervisor.health()).events).toBeGreaterThanOrEqual(0);
  });
});
