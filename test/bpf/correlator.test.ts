// The correlation without the kernel: excerpts per flow, guard's real matcher, containment of a real
// process tree by pid, and sessions keyed by (pid, start time).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FLAG_DNS,
  encodeDnsQuery,
  SessionMap,
  procStartTicks,
  type SensorEvent,
} from '../../bpf/index.js';
import { createFlowTracker } from '../../guard/index.js';
import { Containment, Correlator, type SensorVerdict } from '../../node/index.js';
import { SECRET } from './harness.js';

/** Running (not gone, not a zombie waiting for its reaper). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function send(
  pid: number,
  fd: number,
  text: string | Uint8Array,
  extra: Partial<SensorEvent> = {},
): SensorEvent {
  const data = typeof text === 'string' ? new Uint8Array(Buffer.from(text)) : text;
  return {
    type: 'send',
    src: 'write',
    pid,
    tid: pid,
    ppid: 1,
    start: 0,
    cgroup: 0,
    watch: 1,
    ts: 0,
    fd,
    ret: data.length,
    total: data.length,
    flags: 0,
    family: 4,
    daddr: '127.0.0.1',
    dport: 9,
    sock: 'stream',
    comm: 'test',
    data,
    ...extra,
  };
}

function correlator(
  containment: Containment,
  verdicts: SensorVerdict[],
  sessions?: SessionMap,
): Correlator {
  const matcher = createFlowTracker();
  matcher.registerSecret(SECRET, 'api-key');
  return new Correlator({
    matcher,
    containment,
    defaultSession: 'd',
    onVerdict: (v) => verdicts.push(v),
    ...(sessions ? { sessions } : {}),
  });
}

describe('Correlator', () => {
  it('matches a secret split across two writes of one flow, and across two flows of one session', () => {
    const verdicts: SensorVerdict[] = [];
    const c = correlator(new Containment(null), verdicts);
    c.handle(send(999_001, 3, `x ${SECRET.slice(0, 14)}`));
    c.handle(send(999_001, 3, `${SECRET.slice(14)} y`));
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]?.decision).toMatchObject({ verdict: 'block', action: 'killed' });
    expect(JSON.stringify(verdicts[0])).not.toContain(SECRET);
    // The supervised tree is one session: a secret split over two sockets, or two processes of
    // the tree, is the same exfiltration (the flow tracker joins consecutive writes of a session).
    const other: SensorVerdict[] = [];
    const d = correlator(new Containment(null), other);
    d.handle(send(999_003, 3, `x ${SECRET.slice(0, 14)}`));
    d.handle(send(999_004, 4, `${SECRET.slice(14)} y`));
    expect(other).toHaveLength(1);
  });

  it('a secret is not completed by writes that do not follow each other', () => {
    const verdicts: SensorVerdict[] = [];
    const c = correlator(new Containment(null), verdicts);
    c.handle(send(999_001, 3, `x ${SECRET.slice(0, 14)}`));
    c.handle(send(999_001, 4, 'GET / HTTP/1.1\r\nHost: example.test\r\n\r\n'));
    c.handle(send(999_001, 5, `ordinary text`));
    // a fragment shorter than a half of the random part: a whole half is taint on its own
    c.handle(send(999_001, 6, `${SECRET.slice(22)} y`));
    expect(verdicts).toEqual([]);
  });

  it('reassembles DNS labels and ignores ordinary traffic', () => {
    const verdicts: SensorVerdict[] = [];
    const c = correlator(new Containment(null), verdicts);
    c.handle(send(999_002, 5, 'GET / HTTP/1.1\r\nHost: example.test\r\n\r\n'));
    expect(verdicts).toEqual([]);
    const dns = (labels: string[]) =>
      send(999_002, 6, encodeDnsQuery([...labels, 'evil', 'test']), {
        flags: FLAG_DNS,
        sock: 'dgram',
        dport: 53,
      });
    c.handle(dns([SECRET.slice(0, 16)]));
    expect(verdicts).toEqual([]);
    c.handle(dns([SECRET.slice(16)]));
    expect(verdicts[0]?.egress.channel).toBe('dns');
  });

  it('kills every tracked pid, a setsid() child included, when no cgroup is given', async () => {
    const parent = spawn('/bin/sh', ['-c', 'setsid sleep 30 & echo $!; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const childPid = await new Promise<number>((r) =>
      parent.stdout.once('data', (d: Buffer) => {
        r(Number(d.toString().trim()));
      }),
    );
    const containment = new Containment(null);
    containment.track(parent.pid ?? 0);
    const verdicts: SensorVerdict[] = [];
    const c = correlator(containment, verdicts);
    c.handle({ ...send(parent.pid ?? 0, 0, ''), type: 'fork', ret: childPid });
    c.handle(send(childPid, 3, SECRET));
    expect(verdicts[0]?.containment).toEqual({ method: 'signals', pids: 2 });
    await new Promise((r) => parent.on('close', r));
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(childPid)).toBe(false);
  });
});

describe('SessionMap', () => {
  it('maps (pid, start) to a session and refuses a recycled pid', async () => {
    const p = spawn('sleep', ['5']);
    await new Promise((r) => setTimeout(r, 50));
    const pid = p.pid ?? 0;
    const m = new SessionMap();
    expect(m.register(pid, 's1')).toBe(true);
    const ticks = procStartTicks(pid) ?? -1;
    expect(m.lookup(pid, ticks * 10_000_000 + 5)).toBe('s1');
    expect(m.lookup(pid, (ticks + 1) * 10_000_000)).toBeUndefined();
    m.inherit(pid, 4_000_000, 77 * 10_000_000);
    expect(m.lookup(4_000_000, 77 * 10_000_000)).toBe('s1');
    p.kill('SIGKILL');
  });
});
