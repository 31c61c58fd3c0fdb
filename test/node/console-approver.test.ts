// docs/console.md "Approver keys": a console configured with approver keys signs people in only by
// key and records the key's configured name on each decision; the agent's own tool calls, sent
// through a real `mesh guard mcp` by a real MCP tool that POSTs over HTTP, cannot approve anything.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../guard/index.js';
import { fetchServer, proxied, text, type Proxied } from '../guard/mcp/proxy-client.js';
import { ROOT } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const PACK = {
  pack_format: 1,
  name: 'console-approver-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'an escalation the approver test decides',
  catalog: ['c.prod-fetch'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'c.prod-fetch',
        verdict: 'escalate',
        phase: 'call',
        tools: ['mcp__*__fetch'],
        when: { field: 'args.url', prefix: 'https://prod.' },
        reason: 'production endpoints need a person',
      },
    ],
  },
};
const KEY = randomBytes(32).toString('base64url');
const HTTP_TOOL = [process.execPath, join(ROOT, 'test/node/console/fixtures/http-tool.mjs')];

let home: string;
let config: string;
let srv: ServeProcess;
let agent: Proxied;
let agentHttp: Proxied;

function pendingIds(): string[] {
  const q = ReviewQueue.open(join(home, 'guard'));
  try {
    return q.list('pending').map((r) => r.id);
  } finally {
    q.close();
  }
}

async function login(token: string, name = ''): Promise<Response> {
  return fetch(`${srv.url}/console/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, name }).toString(),
  });
}

describe('mesh serve --role console with approver keys', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mesh-console-keys-'));
    writeFileSync(join(home, 'pack.json'), JSON.stringify(PACK));
    const keyFile = join(home, 'alice.key');
    writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
    config = join(home, 'console.json');
    writeFileSync(
      config,
      JSON.stringify({ console: { approvers: [{ name: 'Alice Example', keyFile }] } }),
    );
    srv = await startServe(['--role', 'console', '--config', config], { MESH_HOME: home });
    const flags = ['--pack', join(home, 'pack.json'), '--session', 'approver-e2e'];
    agent = await proxied(
      home,
      [...flags, '--review-timeout', '120'],
      fetchServer(join(home, 'fetch.log')),
    );
    agentHttp = await proxied(home, flags, HTTP_TOOL);
  }, 120_000);

  afterAll(async () => {
    await agent.close();
    await agentHttp.close();
    await srv.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('prints no login token when approver keys are configured, and refuses the token form', async () => {
    expect(srv.stderr()).toMatch(/console login: \S+\/console\/login with an approver key/);
    expect(srv.stderr()).not.toMatch(/ token /);
    expect(srv.stderr()).not.toContain(KEY);
    const page = await (await fetch(`${srv.url}/console/login`)).text();
    expect(page).toContain('Approver key');
    expect(page).not.toContain('name="name"');
    expect((await login('not-the-key', 'Alice Example')).status).toBe(403);
  });

  it("keeps a held call pending against the agent's own tool calls, then records the key's name", async () => {
    const held = agent.client.callTool({
      name: 'fetch',
      arguments: { url: 'https://prod.example/deploy' },
    });
    let settled = false;
    void held.finally(() => (settled = true));
    await expect.poll(() => pendingIds().length, { timeout: 60_000 }).toBe(1);
    const id = pendingIds()[0] ?? '';

    // The agent's tool POSTs to the approve endpoint: no session, no CSRF token: sent to sign-in.
    const direct = await agentHttp.client.callTool({
      name: 'post',
      arguments: { url: `${srv.url}/console/reviews/${id}/approve`, form: 'csrf=guess' },
    });
    expect(text(direct)).toBe('status 303 location /console/login');
    // Guessing at the sign-in form gets it nothing either.
    const guess = await agentHttp.client.callTool({
      name: 'post',
      arguments: { url: `${srv.url}/console/login`, form: 'token=agent&name=Claude' },
    });
    expect(text(guess)).toMatch(/^status 403/);
    // A forged session cookie is no session.
    const forged = await agentHttp.client.callTool({
      name: 'post',
      arguments: {
        url: `${srv.url}/console/reviews/${id}/approve`,
        form: 'csrf=x',
        cookie: `mesh_console=${randomBytes(24).toString('base64url')}`,
      },
    });
    expect(text(forged)).toBe('status 303 location /console/login');
    expect(pendingIds()).toEqual([id]);
    expect(settled).toBe(false);

    // A person signs in with the key; the name typed beside it is not the one recorded.
    const signed = await login(KEY, 'Mallory');
    expect(signed.status).toBe(303);
    const cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const reviews = await (await fetch(`${srv.url}/console/`, { headers: { cookie } })).text();
    expect(reviews).toContain('Signed in as <b>Alice Example</b>');
    const csrf = /name="csrf" value="([^"]+)"/.exec(reviews)?.[1] ?? '';
    // Without the page's CSRF token even the signed-in session cannot decide.
    const noCsrf = await fetch(`${srv.url}/console/reviews/${id}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=wrong',
    });
    expect(noCsrf.status).toBe(403);
    const ok = await fetch(`${srv.url}/console/reviews/${id}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(ok.status).toBe(303);
    expect(text(await held)).toMatch(/fetched https:\/\/prod\.example\/deploy/);
    const q = ReviewQueue.open(join(home, 'guard'));
    try {
      expect(q.get(id)).toMatchObject({ status: 'approved', approver: 'Alice Example' });
    } finally {
      q.close();
    }
  });

  it('refuses to start when an approver key file is readable by others', async () => {
    chmodSync(join(home, 'alice.key'), 0o644);
    const r = await runMesh(['serve', '--role', 'console', '--port', '0', '--config', config], {
      env: { MESH_HOME: home },
      timeoutMs: 60_000,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/readable by other users/);
    expect(r.stderr).toMatch(/chmod 600/);
    expect(r.stderr).not.toContain(KEY);
  });
});
