// Loader NDJSON decoding: round trip of every field, truncation, mutation and bound violations refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LineSplitter,
  MAX_LINE_BYTES,
  parseLoaderLine,
  SENSOR_CAP,
  SensorError,
} from '../../bpf/index.js';
import { FC_RUNS } from '../support/env.js';

const u32 = fc.integer({ min: 0, max: 0xffffffff });
const kinds = fc.constantFrom('connect', 'send', 'open', 'fork', 'exec', 'exit', 'tls', 'egress');

/** An event line exactly as bpf/src/emit.c writes it. */
const eventLine = fc
  .record({
    type: kinds,
    src: fc.constantFrom('none', 'write', 'writev', 'sendto', 'sendmsg', 'ssl_write', 'sendmsg4'),
    pid: u32,
    tid: u32,
    ppid: u32,
    start: fc.nat(),
    cgroup: fc.nat(),
    watch: u32,
    ts: fc.nat(),
    fd: u32,
    ret: fc.integer({ min: -4095, max: 1 << 30 }),
    total: fc.nat(),
    flags: fc.integer({ min: 0, max: 31 }),
    net: fc.option(
      fc.record({
        family: fc.constantFrom(4, 6),
        daddr: fc.constantFrom('127.0.0.1', '10.1.2.3', '::1', 'fe80::1'),
        dport: fc.integer({ min: 0, max: 65535 }),
        sock: fc.constantFrom('stream', 'dgram', 'other'),
      }),
    ),
    comm: fc.string({ maxLength: 15 }),
    data: fc.uint8Array({ maxLength: SENSOR_CAP }),
  })
  .map(({ net, data, ...rest }) => ({
    ...rest,
    ...(net ?? {}),
    len: data.length,
    data: Buffer.from(data).toString('base64'),
  }));

describe('parseLoaderLine', () => {
  it('round-trips every event field', () => {
    fc.assert(
      fc.property(eventLine, (o) => {
        const m = parseLoaderLine(JSON.stringify(o));
        expect(m.type).toBe('event');
        if (m.type !== 'event') return;
        const { data, ...meta } = m.event;
        const { data: b64, len: _len, ...expected } = o;
        expect(meta).toEqual(expected);
        expect(Buffer.from(data).toString('base64')).toBe(b64);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects every truncation with a coded error', () => {
    fc.assert(
      fc.property(eventLine, fc.nat(), (o, cut) => {
        const line = JSON.stringify(o);
        const at = cut % line.length;
        expect(() => parseLoaderLine(line.slice(0, at))).toThrow(SensorError);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects a payload whose length disagrees with len, and out-of-range fields', () => {
    fc.assert(
      fc.property(
        eventLine,
        fc.constantFrom('len+1', 'pid', 'dport', 'data', 'type', 'flags', 'ret'),
        (o, mutation) => {
          const m: Record<string, unknown> = { ...o };
          if (mutation === 'len+1') m.len = o.len + 1;
          if (mutation === 'pid') m.pid = 2 ** 32;
          if (mutation === 'dport') m.dport = 70_000;
          if (mutation === 'data') m.data = '!!!!';
          if (mutation === 'type') m.type = 'nope';
          if (mutation === 'flags') m.flags = -1;
          if (mutation === 'ret') m.ret = 1.5;
          if (mutation === 'dport' && m.family === undefined) m.family = 4;
          expect(() => parseLoaderLine(JSON.stringify(m))).toThrow(SensorError);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses an over-long line and a payload beyond the kernel cap', () => {
    expect(() => parseLoaderLine(' '.repeat(MAX_LINE_BYTES + 1))).toThrow(/too long/);
    const big = Buffer.alloc(SENSOR_CAP + 3).toString('base64');
    const line = JSON.stringify({
      type: 'tls',
      src: 'ssl_write',
      pid: 1,
      tid: 1,
      ppid: 0,
      start: 0,
      cgroup: 0,
      watch: 1,
      ts: 0,
      fd: 0,
      ret: 0,
      total: 0,
      flags: 0,
      comm: 'x',
      len: SENSOR_CAP + 3,
      data: big,
    });
    expect(() => parseLoaderLine(line)).toThrow(SensorError);
  });

  it('decodes acks, health and features', () => {
    expect(
      parseLoaderLine('{"type":"ack","id":"7","ok":false,"error":"cap out of range"}'),
    ).toEqual({ type: 'ack', id: '7', ok: false, error: 'cap out of range' });
    const h = parseLoaderLine(
      '{"type":"health","protocol":1,"events":5,"drops":2,"read_errors":0,"truncated":1,"denied":0,"ringbuf_bytes":4096,"cap":4096,"lines_out":5}',
    );
    expect(h).toMatchObject({ type: 'health', health: { events: 5, drops: 2, truncated: 1 } });
    const f = parseLoaderLine(
      '{"type":"features","protocol":1,"features":{"lsm":{"ok":false,"reason":"refused by this kernel (EPERM)"}}}',
    );
    expect(f).toEqual({
      type: 'features',
      features: { lsm: { ok: false, reason: 'refused by this kernel (EPERM)' } },
    });
  });
});

describe('LineSplitter', () => {
  it('yields the same lines however the stream is chunked, and drops over-long ones whole', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 40 }).map((s) => s.replace(/\n/g, '')),
          { maxLength: 20 },
        ),
        fc.array(fc.nat({ max: 50 }), { maxLength: 30 }),
        (lines, cuts) => {
          const text = lines.map((l) => l + '\n').join('');
          const sp = new LineSplitter(30);
          const out: string[] = [];
          let at = 0;
          for (const c of cuts) {
            out.push(...sp.push(text.slice(at, at + c)));
            at = Math.min(text.length, at + c);
          }
          out.push(...sp.push(text.slice(at)));
          expect(out).toEqual(lines.filter((l) => l.length <= 30));
          expect(sp.oversize).toBe(lines.filter((l) => l.length > 30).length);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
