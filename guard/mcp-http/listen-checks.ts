// MCP Streamable HTTP (spec 2025-06-18, "Security Warning"): a server on localhost validates the
// Origin header of every request (DNS rebinding) and binds to 127.0.0.1. Requests naming another
// Host, or an Origin that is not allowed, are refused before any session sees them.
import type { MiddlewareHandler } from 'hono';

export interface ListenChecks {
  /** host:port the proxy listens on; a Host header must name it (or localhost on the same port). */
  host: string;
  /** Read per request: the port is known once the server listens (port 0 picks one). */
  port: () => number;
  /** Origins a browser page may call from; none by default (agents send no Origin). */
  allowedOrigins: readonly string[];
}

function refuse(status: 403 | 421, message: string): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

/**
 * Host and Origin checks as a hono middleware. Both headers are attacker-controlled.
 * @example app.use('*', listenChecks({ host: '127.0.0.1', port: () => 8931, allowedOrigins: [] }))
 */
export function listenChecks(opts: ListenChecks): MiddlewareHandler {
  const origins = new Set(opts.allowedOrigins);
  return async (c, next) => {
    const port = opts.port();
    const hosts = new Set([`${opts.host}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`]);
    if (opts.host.includes(':')) hosts.add(`[${opts.host}]:${port}`);
    const host = c.req.header('host') ?? '';
    if (!hosts.has(host.toLowerCase())) return refuse(421, 'Host is not this proxy');
    const origin = c.req.header('origin');
    if (origin !== undefined && !origins.has(origin))
      return refuse(403, 'Origin not allowed (mesh guard mcp --allow-origin)');
    await next();
    return undefined;
  };
}
