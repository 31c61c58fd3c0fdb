// node/serve/http-limits.ts against a real `mesh serve --role mirror` process: a client that drips its headers
// or its body, or stalls its body, loses the connection within the configured bound while another
// client is served meanwhile; the `http` section is validated key by key.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ed25519Signer, signerVkey } from '../../log/index.js';
import { DEFAULT_HTTP_LIMITS, readHttpLimits } from '../../node/serve/http-limits.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const LIMITS = { headersTimeoutMs: 1500, requestTimeoutMs: 4000, bodyIdleTimeoutMs: 1500 };
let server: ServeProcess;

function writeConfig(doc: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-drip-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(doc));
  return dir;
}

beforeAll(async () => {
  const logKey = signerVkey(ed25519Signer('drip.test/log', new Uint8Array(32).fill(7)));
  const dir = writeConfig({ mirror: { logKey }, http: LIMITS });
  const args = ['--role', 'mirror', '--repo', dir, '--data', join(dir, 'data')];
  server = await startServe([...args, '--config', join(dir, 'config.json')]);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

/**
 * Opens a connection, writes `head` at once, then one byte of `drip` every `everyMs` (none when
 * `everyMs` is 0); resolves with what the server answered and when it closed the connection.
 */
function drip(
  head: string,
  dripText: string,
  everyMs: number,
): Promise<{ ms: number; reply: string }> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const sock = connect(Number(port), hostname);
    let reply = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    sock.setEncoding('utf8').on('data', (d: string) => (reply += d));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - start, reply });
    });
    sock.on('connect', () => {
      sock.write(head);
      if (everyMs > 0)
        timer = setInterval(() => {
          if (i < dripText.length) sock.write(dripText[i++] ?? '');
        }, everyMs);
    });
    setTimeout(() => {
      sock.destroy();
      reject(new Error('the server kept the dripping connection open for 20 s'));
    }, 20_000).unref();
  });
}

const POST = 'POST /gossip/checkpoints HTTP/1.1\r\nHost: drip\r\nContent-Type: text/plain\r\n';

/** Meanwhile another client is served: three /healthz requests answer while the drip goes on. */
async function servedMeanwhile(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 400));
    const t = Date.now();
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(Date.now() - t).toBeLessThan(1000);
  }
}

describe('mesh serve bounds slow clients', () => {
  it('closes a body dripped one byte per second at the request timeout, serving others meanwhile', async () => {
    const body = 'x'.repeat(1000);
    const [r] = await Promise.all([
      drip(`${POST}Content-Length: ${body.length}\r\n\r\n`, body, 1000),
      servedMeanwhile(),
    ]);
    expect(r.ms).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 500);
    expect(r.ms).toBeLessThan(LIMITS.requestTimeoutMs + 2500);
    if (r.reply !== '') expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes headers dripped one byte at a time at the headers timeout', async () => {
    const [r] = await Promise.all([
      drip('POST /gossip/checkpoints HTTP/1.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaa', 300),
      servedMeanwhile(),
    ]);
    expect(r.ms).toBeLessThan(LIMITS.headersTimeoutMs + 2500);
    if (r.reply !== '') expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a body that stalls at the body idle timeout, well before the request timeout', async () => {
    const [r] = await Promise.all([
      drip(`${POST}Content-Length: 1000\r\n\r\nabc`, '', 0),
      servedMeanwhile(),
    ]);
    expect(r.ms).toBeGreaterThanOrEqual(LIMITS.bodyIdleTimeoutMs - 200);
    expect(r.ms).toBeLessThan(LIMITS.requestTimeoutMs);
  });

  it('still serves a whole request sent at once', async () => {
    const r = await fetch(`${server.url}/gossip/checkpoints`, {
      method: 'POST',
      body: 'not a note',
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});

describe('the http section', () => {
  it('defaults well under Node’s five minutes, and names a bad key', async () => {
    expect(readHttpLimits({})).toEqual(DEFAULT_HTTP_LIMITS);
    expect(DEFAULT_HTTP_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    expect(() => readHttpLimits({ http: { requestTimeoutMS: 5 } })).toThrow(
      /http.requestTimeoutMS/,
    );
    expect(() => readHttpLimits({ http: { headersTimeoutMs: 0 } })).toThrow(/whole number/);
    expect(() =>
      readHttpLimits({ http: { headersTimeoutMs: 9000, requestTimeoutMs: 8000 } }),
    ).toThrow(/may not exceed/);
    const dir = writeConfig({ http: { idleTimeoutMs: 10 } });
    const r = await runMesh([
      'serve',
      '--role',
      'mirror',
      '--repo',
      dir,
      '--port',
      '0',
      '--config',
      join(dir, 'config.json'),
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/http\.idleTimeoutMs is not a setting/);
  });
});
