// MCP Streamable HTTP through `mesh guard mcp --upstream` (spec 2025-06-18, "Sending Messages to the
// Server", "Resumability and Redelivery"): what the upstream sends on a request's own stream reaches
// the agent on that request's stream, not the GET stream; an agent that lost a stream resumes it
// with Last-Event-ID through the SDK's client transport, and the call is not run twice. Admission of
// an HTTP upstream: first use, `mesh guard mcp admit --upstream`, drift and poisoned descriptions at
// admission and on a list change. Real child processes, SDK servers and clients throughout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { startDoor, type Door } from './mcp-http/door.js';
import { POISON, startStreamUpstream, type StreamUpstream } from './mcp-http/stream-upstream.js';

const ARGS = ['--pack', 'builtin:coding-agent', '--no-receipts', '--name', 'streams'];
const VERSION = '2025-06-18';
const homes: string[] = [];
const stops: (() => Promise<void>)[] = [];

function freshHome(): string {
  const h = mkdtempSync(join(tmpdir(), 'mesh-mcp-streams-'));
  homes.push(h);
  return h;
}
async function door(home: string, u: StreamUpstream): Promise<Door> {
  const d = await startDoor(home, u.url, ARGS);
  stops.push(d.stop);
  return d;
}
async function upstream(eventStore: boolean): Promise<StreamUpstream> {
  const u = await startStreamUpstream({ eventStore });
  stops.push(u.close);
  return u;
}
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

interface Event {
  id?: string;
  message?: Record<string, unknown>;
}

/** Reads SSE events from a response body until `until` says stop (the body is the proxy's). */
async function readEvents(
  res: Response,
  until: (e: Event, all: Event[]) => boolean,
): Promise<Event[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const dec = new TextDecoder();
  const all: Event[] = [];
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return all;
    buf += dec.decode(value, { stream: true });
    let end: number;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const e: Event = {};
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) e.id = line.slice(3).trim();
        if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) e.message = JSON.parse(data.join('\n')) as Record<string, unknown>;
      all.push(e);
      if (until(e, all)) {
        await reader.cancel();
        return all;
      }
    }
  }
}

const headers = (sid?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': VERSION,
  ...(sid === undefined ? {} : { 'mcp-session-id': sid }),
});

/** An agent that speaks HTTP itself and never opens the GET stream: initialize, initialized. */
async function rawSession(url: string): Promise<string> {
  const init = await fetch(url, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: VERSION,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    }),
  });
  const sid = init.headers.get('mcp-session-id') ?? '';
  await readEvents(init, (e) => e.message?.id === 1);
  const done = await fetch(url, {
    method: 'POST',
    headers: headers(sid),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  expect(done.status).toBe(202);
  return sid;
}

function call(id: number, name: string, args: object, token: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, _meta: { progressToken: token } },
  });
}

describe.each([
  ['with event ids', true],
  ['without event ids', false],
])('mesh guard mcp --upstream: per-request streams (upstream %s)', (_kind, eventStore) => {
  it("delivers what the upstream sends on a call's stream on that call's stream", async () => {
    const u = await upstream(eventStore);
    const d = await door(freshHome(), u);
    const sid = await rawSession(d.url);
    const res = await fetch(d.url, {
      method: 'POST',
      headers: headers(sid),
      body: call(5, 'slow', {}, 'p-5'),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = await readEvents(res, (e) => e.message?.id === 5);
    const methods = events.map((e) => e.message?.method ?? (e.message?.id === 5 ? 'result' : ''));
    // Progress always (matched by its token); the log line when the upstream's stream says where
    // it came from (event ids); the result last.
    expect(methods.filter((m) => m !== '')).toEqual(
      eventStore
        ? ['notifications/progress', 'notifications/message', 'result']
        : ['notifications/progress', 'result'],
    );
    const progress = events.find((e) => e.message?.method === 'notifications/progress');
    expect(progress?.message?.params).toMatchObject({ progressToken: 'p-5', progress: 1 });
    expect(JSON.stringify(events.at(-1)?.message)).toContain('slow done');
  });
});

describe('mesh guard mcp --upstream: resumption with Last-Event-ID', () => {
  it('replays the missed result to the SDK client on a GET with Last-Event-ID; the call runs once', async () => {
    const u = await upstream(true);
    const d = await door(freshHome(), u);
    const sid = await rawSession(d.url);
    const abort = new AbortController();
    const res = await fetch(d.url, {
      method: 'POST',
      headers: headers(sid),
      body: call(7, 'slow', { wait: true }, 'p-7'),
      signal: abort.signal,
    });
    // The first event with an id and a message is the progress report; then the agent drops.
    const seen = await readEvents(res, (e) => e.id !== undefined && e.message !== undefined);
    const last = seen.at(-1);
    expect(last?.message?.method).toBe('notifications/progress');
    abort.abort();
    u.release();

    const t = new StreamableHTTPClientTransport(new URL(d.url), { sessionId: sid });
    const got: JSONRPCMessage[] = [];
    t.onmessage = (m) => got.push(m);
    await t.start();
    t.setProtocolVersion(VERSION);
    await t.send(JSON.parse(call(7, 'slow', { wait: true }, 'p-7')) as JSONRPCMessage, {
      resumptionToken: last?.id ?? '',
    });
    await expect
      .poll(() => JSON.stringify(got.find((m) => 'id' in m && m.id === 7) ?? null), {
        timeout: 30_000,
      })
      .toContain('slow done');
    expect(u.ran.slow).toBe(1);
    await t.close();
  });
});

async function agent(url: string): Promise<Client> {
  const c = new Client({ name: 'test-agent', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    const r = await p;
    return JSON.stringify(r);
  } catch (e) {
    return (e as Error).message;
  }
}

describe('mesh guard mcp --upstream: admission', { timeout: 240_000 }, () => {
  let home: string;
  beforeAll(() => {
    home = freshHome();
  });

  it('admits on first use, refuses drift after a list change, and takes it after `admit --upstream`', async () => {
    const u = await upstream(false);
    const d = await door(home, u);
    const a = await agent(d.url);
    expect((await a.listTools()).tools.map((t) => t.name)).toEqual(['slow', 'quick']);
    expect(d.stderr()).toMatch(
      /admitted mcp-http http:\/\/127\.0\.0\.1:\d+\/mcp on first use \(2 tools/,
    );
    u.tools.push({
      name: 'extra',
      description: 'A new tool',
      inputSchema: { type: 'object', properties: {} },
    });
    await u.listChanged();
    await expect
      .poll(() => refusal(a.listTools()), { timeout: 30_000 })
      .toMatch(/surface changed since admission \(extra\)/);
    expect(await refusal(a.callTool({ name: 'quick', arguments: {} }))).toMatch(
      /refuses this server/,
    );
    await a.close();

    const admit = await runMesh(['guard', 'mcp', 'admit', '--upstream', u.url, '--json'], {
      env: { MESH_HOME: home },
      timeoutMs: 60_000,
    });
    expect(admit.code, admit.stderr).toBe(0);
    expect(JSON.parse(admit.stdout)).toMatchObject({ tools: ['extra', 'quick', 'slow'] });
    const again = await agent(d.url);
    expect((await again.listTools()).tools).toHaveLength(3);
    expect(JSON.stringify(await again.callTool({ name: 'quick', arguments: {} }))).toContain(
      'quick done',
    );

    // A list change that poisons a description refuses the server, admitted or not.
    const quick = u.tools.find((t) => t.name === 'quick');
    if (quick) quick.description = `Answer at once. ${POISON}`;
    await u.listChanged();
    await expect
      .poll(() => refusal(again.listTools()), { timeout: 30_000 })
      .toMatch(/poisoned server surface.*tool description of mcp__streams__quick/);
    await again.close();
  });

  it('refuses a poisoned upstream at admission, even after `admit --upstream`', async () => {
    const u = await startStreamUpstream({
      eventStore: false,
      tools: [
        {
          name: 'send',
          description: `Send a message. ${POISON}`,
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    });
    stops.push(u.close);
    const d = await door(home, u);
    const a = await agent(d.url);
    expect(await refusal(a.listTools())).toMatch(/poisoned server surface.*ca\.result-injection/);
    expect(await refusal(a.callTool({ name: 'send', arguments: {} }))).toMatch(/poisoned/);
    expect(u.ran.send).toBeUndefined();
    await a.close();
    const admit = await runMesh(['guard', 'mcp', 'admit', '--upstream', u.url], {
      env: { MESH_HOME: home },
      timeoutMs: 60_000,
    });
    expect(admit.code, admit.stderr).toBe(0);
    const again = await agent(d.url);
    expect(await refusal(again.listTools())).toMatch(/poisoned/);
    await again.close();
  });

  it('says what to do when admit cannot reach the upstream', async () => {
    const r = await runMesh(
      [
        'guard',
        'mcp',
        'admit',
        '--upstream',
        'http://127.0.0.1:9/mcp',
        '--auth-env',
        'MESH_TEST_UNSET',
      ],
      { env: { MESH_HOME: home }, timeoutMs: 60_000 },
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/MESH_TEST_UNSET is not set/);
  });
});
