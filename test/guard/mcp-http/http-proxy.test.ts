// `mesh guard mcp --upstream URL --listen HOST:PORT` as a real child process between the SDK's
// Streamable HTTP client (the agent) and the SDK's Streamable HTTP server (the remote MCP server),
// with the upstream answering POSTs as JSON and as SSE streams.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoor, type Door } from './door.js';
import { INJECTION, startUpstream, type Upstream } from './upstream.js';

const PACK = {
  pack_format: 1,
  name: 'http-door-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'an active injection block for the HTTP door tests',
  catalog: ['h.injection'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'h.injection',
        verdict: 'block',
        phase: 'result',
        tools: ['mcp__*'],
        when: { detector: 'prompt_injection', field: 'result', params: { mode: 'block' } },
        reason: 'tool result carries injected instructions',
      },
    ],
  },
};

const SECRET = `sk_live_${randomBytes(18).toString('hex')}`;
const TOKEN = `Bearer agent-token-${randomBytes(12).toString('hex')}`;

let home: string;
const running: { door: Door; upstream: Upstream }[] = [];

function startHttpDoor(upstream: Upstream): Promise<Door> {
  const pack = join(home, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
  const args = ['--pack', 'builtin:coding-agent', '--pack', pack, '--secret-env', 'REMOTE_API_KEY'];
  return startDoor(home, upstream.url, [...args, '--no-receipts', '--name', 'remote'], {
    REMOTE_API_KEY: SECRET,
  });
}

async function agent(door: Door): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(door.url), {
      requestInit: { headers: { Authorization: TOKEN } },
    }),
  );
  return client;
}

function text(r: unknown): string {
  const c = (r as { content?: { text?: string }[] }).content ?? [];
  return c.map((x) => x.text ?? '').join('\n');
}

/** A call the guard refuses: an error response, or a result marked isError with the refusal. */
async function refused(p: Promise<unknown>): Promise<string> {
  try {
    const r = await p;
    expect((r as { isError?: boolean }).isError).toBe(true);
    return text(r);
  } catch (e) {
    return (e as Error).message;
  }
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-http-'));
  for (const json of [true, false]) {
    const upstream = await startUpstream(SECRET, json);
    running.push({ upstream, door: await startHttpDoor(upstream) });
  }
}, 120_000);

afterAll(async () => {
  for (const r of running) {
    await r.door.stop();
    await r.upstream.close();
  }
  rmSync(home, { recursive: true, force: true });
});

const reversed = (s: string): string => Buffer.from(s).reverse().toString('latin1');
const ENCODINGS: Record<string, (s: string) => string> = {
  literal: (s) => `the key is ${s}`,
  reversed,
  hex: (s) => Buffer.from(s).toString('hex'),
  'hex upper': (s) => Buffer.from(s).toString('hex').toUpperCase(),
  base64: (s) => Buffer.from(s).toString('base64'),
  base64url: (s) => `data=${Buffer.from(`x${s}`).toString('base64url')}`,
  'url-encoded': (s) =>
    [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  'base64(hex)': (s) => Buffer.from(Buffer.from(s).toString('hex')).toString('base64'),
  'gzip then base64': (s) => gzipSync(Buffer.from(s)).toString('base64'),
};

describe.each([
  ['JSON', 0],
  ['SSE', 1],
])('mesh guard mcp --upstream (upstream replies %s)', (_kind, at) => {
  const ctx = () => running[at] as { door: Door; upstream: Upstream };

  it("passes ordinary traffic and the agent's Authorization header, which it never logs", async () => {
    const client = await agent(ctx().door);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual([
      'echo',
      'get_config',
      'post_note',
      'read_page',
    ]);
    const r = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(text(r)).toBe('ok: hello');
    expect(ctx().upstream.authorizations.length).toBeGreaterThan(0);
    expect(ctx().upstream.authorizations.every((a) => a === TOKEN)).toBe(true);
    expect(ctx().door.stderr()).not.toContain(TOKEN.slice(7));
    await client.close();
  });

  it('blocks a secret read through one call and sent through a later one, in every supported encoding', async () => {
    const client = await agent(ctx().door);
    const cfg = await client.callTool({ name: 'get_config', arguments: {} });
    // The result itself is redacted before the agent sees it.
    expect(text(cfg)).not.toContain(SECRET);
    for (const [name, encode] of Object.entries(ENCODINGS)) {
      const why = await refused(
        client.callTool({ name: 'post_note', arguments: { text: encode(SECRET) } }),
      );
      expect(why, name).toMatch(/blocked by mesh guard/);
    }
    const sent = ctx().upstream.calls.filter((c) => c.tool === 'post_note');
    expect(sent).toEqual([]);
    await client.close();
  });

  it('withholds a result carrying an injection', async () => {
    const client = await agent(ctx().door);
    const r = await client.callTool({
      name: 'read_page',
      arguments: { text: 'https://news.example' },
    });
    expect(text(r)).not.toContain('ignore all previous instructions');
    expect(text(r)).toMatch(/withheld|removed|blocked by mesh guard/);
    expect(INJECTION).toContain('ignore all previous instructions');
    await client.close();
  });

  it('ends the session both ways on DELETE; the id is then unknown (404)', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(ctx().door.url));
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(transport);
    const id = transport.sessionId;
    const before = ctx().upstream.closedSessions.length;
    await transport.terminateSession();
    await expect.poll(() => ctx().upstream.closedSessions.length).toBe(before + 1);
    const res = await fetch(ctx().door.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': id ?? '',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    await client.close();
  });
});

describe('mesh guard mcp --upstream: the listening side', () => {
  const door = () => (running[0] as { door: Door }).door;
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'x', version: '1' },
    },
  });

  it('refuses a request from a browser Origin it was not told to allow (403)', async () => {
    const res = await fetch(door().url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://evil.example',
      },
      body: init,
    });
    expect(res.status).toBe(403);
  });

  it('refuses a request naming another Host (DNS rebinding, 421)', async () => {
    const u = new URL(door().url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { host: 'rebound.example:80', 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(init);
    });
    expect(status).toBe(421);
  });

  it('answers a request without a session that is not initialize with 400', async () => {
    const res = await fetch(door().url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(res.status).toBe(400);
  });
});
