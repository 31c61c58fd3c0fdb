// Every answer a DAP role reads from a peer is capped while it streams (dap/http/peer-limits.ts): a
// real local server answers with an endless or a slow-drip body, and each reader fails with a code
// within a bounded time and without holding the body in memory.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collect,
  DapClient,
  DapError,
  hpkeDefault,
  messages as m,
  peerLimitsWith,
  type TaskFiles,
} from '../../dap/index.js';
import { fromB64url } from '../../dap/encoding.js';
import { peerRequest } from '../../dap/http/peer.js';
import { newTaskFiles, taskParams } from './support.js';

type Mode = 'endless' | 'drip';

let server: Server;
let base = '';
let configList: Uint8Array = new Uint8Array(0);
const open = new Set<ServerResponse>();

/** Writes 64 KiB chunks until the reader goes away. */
function endless(res: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/** One byte every 50 ms, for ever: never idle long enough to trip an idle timeout. */
function drip(res: ServerResponse): void {
  const timer = setInterval(() => {
    if (res.destroyed) clearInterval(timer);
    else res.write('a');
  }, 50);
  res.once('close', () => {
    clearInterval(timer);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    const [, mode, , ...rest] = (req.url ?? '').split('/');
    // The upload readers need a real config first; every other answer is the hostile body.
    if (rest.join('/') === 'hpke_config' && req.url?.includes('/upload-')) {
      res.writeHead(200, { 'content-type': m.MediaType.hpkeConfigList });
      res.end(configList);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    if (mode?.endsWith('endless')) endless(res);
    else drip(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const r of open) r.destroy();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

function files(mode: string): TaskFiles {
  const f = newTaskFiles(taskParams(`${base}/${mode}`, `${base}/${mode}`));
  const cfg = m.decodeHpkeConfig(fromB64url(f.collector.collector_hpke_config));
  configList = m.encodeHpkeConfigList([cfg]);
  return f;
}

/** Runs a reader; its coded error, how long it took, and how much the heap grew. */
async function bounded(
  read: () => Promise<unknown>,
): Promise<{ code: string; ms: number; mb: number }> {
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = Date.now();
  const e = await read().then(
    () => undefined,
    (err: unknown) => err,
  );
  const ms = Date.now() - t0;
  const mb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  expect(e).toBeInstanceOf(DapError);
  return { code: (e as DapError).code, ms, mb };
}

const want: Record<Mode, string> = { endless: 'http_body_too_large', drip: 'http_timeout' };
// Small caps, so an endless body reaches its cap long before the request timeout even on a loaded
// machine (the defaults are tens of MiB; which cap applies is what is under test, not its size).
const limits = peerLimitsWith({
  idleTimeoutMs: 1000,
  uploadResponseBytes: 64 * 1024,
  collectionJobRespBytes: 256 * 1024,
  aggregateShareBytes: 256 * 1024,
});

describe.each(['endless', 'drip'] as const)('a peer with an %s body', (mode) => {
  it('peerRequest (the Leader reading its Helper)', async () => {
    const r = await bounded(() =>
      peerRequest({
        method: 'POST',
        url: `${base}/${mode}/helper/tasks/x/aggregation_jobs`,
        body: new Uint8Array(10),
        timeoutMs: 1500,
        maxBodyBytes: 256 * 1024,
      }),
    );
    expect(r.code).toBe(want[mode]);
    expect(r.ms).toBeLessThan(10_000);
    expect(r.mb).toBeLessThan(64);
  });

  it("the client's hpke_config fetch", async () => {
    const c = new DapClient(files(mode).client, hpkeDefault, 1500, limits);
    const r = await bounded(() => c.hpkeConfig('leader'));
    expect(r.code).toBe(want[mode]);
    expect(r.ms).toBeLessThan(10_000);
  });

  it("the client's upload", async () => {
    const c = new DapClient(files(`upload-${mode}`).client, hpkeDefault, 1500, limits);
    const r = await bounded(() =>
      c.upload([{ measurement: 1, timeSeconds: Math.floor(Date.now() / 1000) }]),
    );
    expect(r.code).toBe(want[mode]);
    expect(r.ms).toBeLessThan(10_000);
  });

  it("the collector's collection job", async () => {
    const f = files(mode);
    const r = await bounded(() =>
      collect(
        f.collector,
        { interval: { start: 0, duration: 1 } },
        { peerLimits: limits, requestTimeoutMs: 1500 },
      ),
    );
    expect(r.code).toBe(want[mode]);
    expect(r.ms).toBeLessThan(10_000);
  });
});
