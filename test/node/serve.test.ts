import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../node/log/logger.js';
import type { RoleDefinition } from '../../node/roles/index.js';
import { startServer, type RunningServer } from '../../node/serve/server.js';

const pingRole: RoleDefinition = {
  name: 'ping',
  mount(app) {
    app.get('/witness/ping', (c) => c.text('pong'));
    return Promise.resolve({ close: () => Promise.resolve() });
  },
};

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

function base(
  overrides: Partial<Parameters<typeof startServer>[0]> = {},
): Parameters<typeof startServer>[0] {
  return {
    roles: ['ping'],
    host: '127.0.0.1',
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'mesh-serve-')),
    tasks: [],
    interop: false,
    config: {},
    log: createLogger({ level: 'error' }),
    resolveRole: (n) => (n === 'ping' ? pingRole : undefined),
    ...overrides,
  };
}

describe('mesh serve', () => {
  it('serves the roles, /healthz and Prometheus /metrics with closed label sets', async () => {
    const s = await startServer(base());
    running.push(s);
    expect(await (await fetch(`${s.url}/witness/ping`)).text()).toBe('pong');
    await fetch(`${s.url}/some/attacker/chosen/path-123`);
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({
      ok: true,
      roles: ['ping'],
      state: { ping: { state: 'ready' } },
    });
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(
      /mesh_http_requests_total\{area="witness",method="GET",status="2xx"\} 1/,
    );
    expect(metrics).toMatch(/area="other",method="GET",status="4xx"/);
    expect(metrics).not.toContain('attacker');
  });

  it('answers /healthz 503 while a role is not ready or has failed, naming its state', async () => {
    let health: { state: 'starting' | 'ready' | 'failed'; detail?: string } = {
      state: 'starting',
    };
    const slow: RoleDefinition = {
      name: 'slow',
      mount: () => Promise.resolve({ close: () => Promise.resolve(), health: () => health }),
    };
    const s = await startServer(
      base({
        roles: ['ping', 'slow'],
        resolveRole: (n) => (n === 'ping' ? pingRole : n === 'slow' ? slow : undefined),
      }),
    );
    running.push(s);
    const get = async () => {
      const r = await fetch(`${s.url}/healthz`);
      return { status: r.status, body: (await r.json()) as { ok: boolean; state: object } };
    };
    expect(await get()).toMatchObject({
      status: 503,
      body: { ok: false, state: { ping: { state: 'ready' }, slow: { state: 'starting' } } },
    });
    health = { state: 'failed', detail: 'seeding refused' };
    expect(await get()).toMatchObject({
      status: 503,
      body: { state: { slow: { state: 'failed', detail: 'seeding refused' } } },
    });
    health = { state: 'ready' };
    expect((await get()).status).toBe(200);
  });

  it('refuses an unknown role before listening', async () => {
    await expect(startServer(base({ roles: ['nope'] }))).rejects.toMatchObject({ code: 'usage' });
  });

  it('refuses plain HTTP off loopback unless --insecure-http', async () => {
    await expect(startServer(base({ host: '0.0.0.0' }))).rejects.toMatchObject({ code: 'usage' });
    await expect(startServer(base({ tlsCert: 'x' }))).rejects.toMatchObject({ code: 'usage' });
  });

  it('speaks TLS when given a certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const s = await startServer(base({ tlsCert: cert, tlsKey: key }));
    running.push(s);
    expect(s.url.startsWith('https://127.0.0.1:')).toBe(true);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(`${s.url}/healthz`, { rejectUnauthorized: false }, (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => {
          resolve(data);
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body)).toMatchObject({ ok: true });
  });
});
