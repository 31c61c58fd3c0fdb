// MCP Streamable HTTP (spec 2025-06-18, "Streamable HTTP"): `mesh guard mcp --upstream URL --listen
// HOST:PORT`, a proxy in front of a remote MCP server. One endpoint (/mcp) takes POST, GET and DELETE;
// a POST without Mcp-Session-Id must be initialize and opens a session; any other request names a
// session this proxy issued (unknown: 404, as the spec says). Host and Origin are checked first.
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { HttpSession, type HttpSessionOptions } from './http-session.js';
import { listenChecks } from './listen-checks.js';

export const MCP_PATH = '/mcp';

export interface McpHttpProxyOptions extends Omit<HttpSessionOptions, 'onClosed'> {
  host: string;
  port: number;
  allowedOrigins: readonly string[];
  /** Most sessions open at once; an initialize past it is refused (503). */
  maxSessions?: number;
}

export interface RunningMcpHttpProxy {
  url: string;
  sessions: () => number;
  close(): Promise<void>;
}

function jsonError(status: 400 | 404 | 503, message: string): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );
}

/** A POST body that is, or whose batch holds, an initialize request (the body is attacker-controlled). */
async function isInitialize(req: Request): Promise<boolean> {
  if (req.method !== 'POST') return false;
  try {
    const body = await req.clone().json();
    const all = Array.isArray(body) ? (body as unknown[]) : [body];
    return all.some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
  } catch {
    return false;
  }
}

/**
 * Starts the proxy; resolves once it listens.
 * @throws Error when the address cannot be bound.
 * @example const p = await runMcpHttpProxy({ upstream: new URL('https://mcp.example/mcp'), host: '127.0.0.1', port: 0, allowedOrigins: [], proxy })
 */
export async function runMcpHttpProxy(opts: McpHttpProxyOptions): Promise<RunningMcpHttpProxy> {
  const sessions = new Map<string, HttpSession>();
  const maxSessions = opts.maxSessions ?? 64;
  const app = new Hono();
  let port = opts.port;
  app.use(
    '*',
    listenChecks({ host: opts.host, port: () => port, allowedOrigins: opts.allowedOrigins }),
  );
  app.all(MCP_PATH, async (c) => {
    const req = c.req.raw;
    const id = req.headers.get('mcp-session-id');
    if (id !== null) {
      const s = sessions.get(id);
      return s ? s.handle(req) : jsonError(404, 'Session not found');
    }
    if (!(await isInitialize(req))) return jsonError(400, 'Bad Request: no Mcp-Session-Id');
    if (sessions.size >= maxSessions) return jsonError(503, 'too many sessions');
    const s = new HttpSession({ ...opts, onClosed: (sid) => sessions.delete(sid) });
    await s.start();
    const res = await s.handle(req);
    const sid = s.agent.sessionId;
    if (sid !== undefined && res.ok) sessions.set(sid, s);
    else await s.close();
    return res;
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const srv = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, () => {
      resolve(srv);
    });
    srv.on('error', reject);
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    sessions: () => sessions.size,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.close()));
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}
