// tuf/client/http1-response.ts: every framing of a body (Content-Length, chunked, until close) fed in
// any split reads back the same bytes; ambiguous or oversized framing is refused. And HttpFetcher over
// a real server on 127.0.0.1: one kept connection for requests in a row, a new one when the server
// closed it while idle.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseParser } from '../../tuf/client/http1-response.js';
import { HttpFetcher } from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

type Framing = 'length' | 'chunked' | 'close';

/** A response as a server would write it, the body cut into `sizes` chunks when chunked. */
function encode(body: Uint8Array, framing: Framing, sizes: number[], status = 200): Buffer {
  const head = [`HTTP/1.1 ${status} OK`, 'Server: test', 'X-Empty:'];
  if (framing === 'length') head.push(`Content-Length: ${body.length}`);
  if (framing === 'chunked') head.push('Transfer-Encoding: chunked');
  const out: Uint8Array[] = [Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1')];
  if (framing !== 'chunked') return Buffer.concat([...out, body]);
  let at = 0;
  for (const s of [...sizes, body.length]) {
    const n = Math.min(Math.max(s, 1), body.length - at);
    if (n <= 0) break;
    out.push(
      Buffer.from(`${n.toString(16)};ext=1\r\n`),
      body.subarray(at, at + n),
      Buffer.from('\r\n'),
    );
    at += n;
  }
  out.push(Buffer.from('0\r\nTrailer-Field: x\r\n\r\n'));
  return Buffer.concat(out);
}

/** Feeds `wire` cut at `cuts`; the body once complete (after the close for a close-delimited one). */
function parse(wire: Buffer, cuts: number[], maxLength = 1 << 20, close = true): Uint8Array {
  const p = new ResponseParser('http://x/', maxLength, () => undefined);
  let at = 0;
  let complete = false;
  for (const c of [...cuts.filter((x) => x < wire.length).sort((a, b) => a - b), wire.length]) {
    if (c < at) continue;
    complete = p.push(wire.subarray(at, c));
    at = c;
  }
  if (!complete && close) p.end();
  return p.body();
}

const code = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

describe('HTTP/1.1 response framing', () => {
  it('reads back every body, however it is framed and split', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom<Framing>('length', 'chunked', 'close'),
        fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 8 }),
        fc.array(fc.nat({ max: 500 }), { maxLength: 12 }),
        (body, framing, sizes, cuts) => {
          const wire = encode(body, framing, sizes);
          expect(Buffer.from(parse(wire, cuts))).toEqual(Buffer.from(body));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('skips an interim 100 response and sees the final status', () => {
    const statuses: number[] = [];
    const p = new ResponseParser('http://x/', 100, (h) => statuses.push(h.status));
    const wire = Buffer.concat([
      Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'),
      encode(Buffer.from('ok'), 'length', []),
    ]);
    expect(p.push(wire)).toBe(true);
    expect(statuses).toEqual([200]);
    expect(p.reusable).toBe(true);
  });

  it('refuses ambiguous, malformed, cut or oversized responses', () => {
    const body = Buffer.from('0123456789');
    const head = (lines: string[]): Buffer =>
      Buffer.from(`${lines.join('\r\n')}\r\n\r\n0123456789`);
    const refusals: [Buffer, string][] = [
      [
        head(['HTTP/1.1 200 OK', 'Content-Length: 10', 'Transfer-Encoding: chunked']),
        'download_failed',
      ],
      [head(['HTTP/1.1 200 OK', 'Content-Length: 10', 'Content-Length: 11']), 'download_failed'],
      [head(['HTTP/1.1 200 OK', 'Content-Length: -1']), 'download_failed'],
      [head(['HTTP/1.1 200 OK', 'Transfer-Encoding: gzip, chunked']), 'download_failed'],
      [head(['HTTP/1.1 200 OK', ' folded: value']), 'download_failed'],
      [head(['HTTP/1.1 200 OK', 'Bad\u0001: value']), 'download_failed'],
      [head(['HTTP/2 200', 'Content-Length: 10']), 'download_failed'],
      [
        Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
        'download_failed',
      ],
      [
        Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n'),
        'download_failed',
      ],
      [Buffer.from(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}\r\n\r\n`), 'download_failed'],
      [
        Buffer.from(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1${' '.repeat(9000)}`),
        'download_failed',
      ],
    ];
    for (const [wire, expected] of refusals)
      expect(
        code(() => parse(wire, [], 100)),
        wire.toString('latin1', 0, 60),
      ).toBe(expected);
    // the cap: counted as the body arrives, and a chunk's declared size refused before its bytes
    expect(code(() => parse(encode(body, 'close', []), [3, 15], 9))).toBe('download_too_large');
    expect(code(() => parse(encode(body, 'chunked', [10]), [], 9))).toBe('download_too_large');
    // cut short: a length or chunked body the server closed before its end
    expect(code(() => parse(encode(body, 'length', []).subarray(0, -1), []))).toBe(
      'download_failed',
    );
    expect(code(() => parse(encode(body, 'chunked', [4]).subarray(0, -3), []))).toBe(
      'download_failed',
    );
  });

  it('keeps HTTP/1.1 connections, not HTTP/1.0 or Connection: close ones', () => {
    const reusable = (wire: string): boolean => {
      const p = new ResponseParser('http://x/', 100, () => undefined);
      p.push(Buffer.from(wire));
      return p.reusable && !p.excess;
    };
    expect(reusable('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na')).toBe(true);
    expect(reusable('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\na')).toBe(
      false,
    );
    expect(reusable('HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\na')).toBe(false);
    expect(reusable('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1')).toBe(false);
  });
});

describe('HttpFetcher connections', () => {
  it('asks requests in a row on one connection, and again on a new one after an idle close', async () => {
    const sockets = new Set<Socket>();
    const server = createServer((req, res) => {
      res.end(`path ${req.url ?? ''}`);
    });
    server.on('connection', (s: Socket) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const f = new HttpFetcher();
    try {
      for (const p of ['/a', '/b', '/c'])
        expect(Buffer.from(await f.fetch(`${base}${p}`, 100)).toString()).toBe(`path ${p}`);
      expect(sockets.size).toBe(1);
      // the server drops its idle connection: the next request goes out again on a new one
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, 20));
      expect(Buffer.from(await f.fetch(`${base}/d`, 100)).toString()).toBe('path /d');
      expect(sockets.size).toBe(2);
      await expect(f.fetch(`${base}/e`, 3)).rejects.toMatchObject({ code: 'download_too_large' });
    } finally {
      f.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
