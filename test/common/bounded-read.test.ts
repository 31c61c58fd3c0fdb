import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedReadError, fetchBounded, readBounded } from '../../common/index.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/endless') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = (): void => {
        while (res.write(chunk)) {
          /* keep the pipe full */
        }
        res.once('drain', pump);
      };
      pump();
      req.on('close', () => res.destroy());
    } else if (req.url === '/drip') {
      res.writeHead(200);
      const t = setInterval(() => res.write('x'), 50);
      req.on('close', () => {
        clearInterval(t);
      });
    } else if (req.url === '/stall') {
      res.writeHead(200);
      res.write('x');
    } else if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write('x');
    } else {
      res.end('hello');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(BoundedReadError);
    return (e as BoundedReadError).code;
  }
}

describe('fetchBounded against a real server on 127.0.0.1', () => {
  it('reads an ordinary body', async () => {
    const r = await fetchBounded(`${base}/ok`, {}, { maxBytes: 100 });
    expect(new TextDecoder().decode(r.body)).toBe('hello');
  });

  it('stops an endless body at the cap, without buffering it', async () => {
    const before = process.memoryUsage().rss;
    expect(await code(fetchBounded(`${base}/endless`, {}, { maxBytes: 1 << 20 }))).toBe(
      'body_too_large',
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops a slow drip at the total deadline', async () => {
    const t0 = Date.now();
    expect(
      await code(fetchBounded(`${base}/drip`, {}, { maxBytes: 1 << 20, totalTimeoutMs: 400 })),
    ).toBe('body_timeout');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('stops a stalled body at the idle deadline', async () => {
    expect(
      await code(fetchBounded(`${base}/stall`, {}, { maxBytes: 100, idleTimeoutMs: 200 })),
    ).toBe('body_timeout');
  });

  it('refuses a declared length over the cap before reading', async () => {
    expect(await code(fetchBounded(`${base}/declared`, {}, { maxBytes: 1000 }))).toBe(
      'body_too_large',
    );
  });

  it('says why a connection failed', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) =>
      closed.close(() => {
        r();
      }),
    );
    const e = await fetchBounded(`http://127.0.0.1:${port}/x`, {}, { maxBytes: 10 }).catch(
      (x: unknown) => x,
    );
    expect((e as BoundedReadError).code).toBe('body_failed');
    expect((e as BoundedReadError).message).toMatch(/ECONNREFUSED/);
  });
});

describe('readBounded over an async iterable', () => {
  it('joins chunks and refuses one byte over', async () => {
    async function* gen(): AsyncGenerator<Uint8Array> {
      await Promise.resolve();
      yield new Uint8Array([1, 2]);
      yield new Uint8Array([3]);
    }
    expect([...(await readBounded(gen(), { maxBytes: 3 }, 'gen'))]).toEqual([1, 2, 3]);
    expect(await code(readBounded(gen(), { maxBytes: 2 }, 'gen'))).toBe('body_too_large');
  });
});
