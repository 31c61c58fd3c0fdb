// The fleet's test front (test/dap/front.ts): requests in flight together go to different backends
// (a Leader's pipelined jobs spread over the Helpers), and a backend that is down or cuts its answer
// is passed over.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startFront } from './front.js';
import { listen } from './support.js';

const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const l of open) await l.close();
});

/** A backend that answers its name after `holdMs`, counting what it answered. */
async function backend(name: string, holdMs: number, seen: string[]): Promise<number> {
  const l = await listen();
  open.push(l);
  l.app.all('*', async () => {
    await new Promise((r) => setTimeout(r, holdMs));
    seen.push(name);
    return new Response(name);
  });
  return Number(new URL(l.url).port);
}

describe('test front', () => {
  it('spreads requests that are in flight together over the backends', async () => {
    const seen: string[] = [];
    const ports = [await backend('a', 100, seen), await backend('b', 100, seen)];
    const front = await startFront(() => ports);
    open.push(front);
    const got = await Promise.all(
      [0, 1, 2, 3].map(async () => (await fetch(`${front.url}/x`, { method: 'PUT' })).text()),
    );
    expect(got.filter((x) => x === 'a')).toHaveLength(2);
    expect(got.filter((x) => x === 'b')).toHaveLength(2);
    expect(seen).toHaveLength(4);
  });

  it('passes over a backend that is down or refuses connections', async () => {
    const seen: string[] = [];
    const closed = await listen();
    const dead = Number(new URL(closed.url).port);
    await closed.close();
    const ports = [undefined, dead, await backend('c', 0, seen)];
    const front = await startFront(() => ports);
    open.push(front);
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${front.url}/y`)).text()).toBe('c');
    // A backend that dies after half its answer: the request goes to the next one.
    const cut = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('half', () => {
        res.socket?.destroy();
      });
    });
    await new Promise<void>((resolve) => cut.listen(0, '127.0.0.1', resolve));
    open.push({
      close: () =>
        new Promise<void>((resolve) => {
          cut.close(() => {
            resolve();
          });
        }),
    });
    const cutPort = (cut.address() as AddressInfo).port;
    const after = await startFront(() => [cutPort, ports[2]]);
    open.push(after);
    expect(await (await fetch(`${after.url}/w`)).text()).toBe('c');
    const none = await startFront(() => [dead]);
    open.push(none);
    expect((await fetch(`${none.url}/z`)).status).toBe(502);
  });
});
