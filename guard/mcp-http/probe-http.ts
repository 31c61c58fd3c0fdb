// MCP Streamable HTTP (spec 2025-06-18, "Streamable HTTP" and "Lifecycle"): `mesh guard mcp admit
// --upstream URL` reads a remote server's whole surface itself, over the SDK's client transport: the
// initialize handshake and every page of tools/list, then DELETE of the session. The raw messages are
// kept as sent, so the surface hashes exactly as the proxy's admission check hashes it.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { GuardError } from '../errors.js';
import type { Message } from '../mcp/jsonrpc.js';
import { nextCursor, toolsOf, type ToolSurface } from '../mcp/surface.js';

const MAX_PAGES = 1000;

/** The command an HTTP upstream is admitted under: the stdio proxy's record keyed by this. */
export function httpAdmissionCommand(upstream: URL): string[] {
  return ['mcp-http', `${upstream.origin}${upstream.pathname}`];
}

export interface HttpProbeOptions {
  timeoutMs: number;
  /** Sent as Authorization on every request (never logged). */
  authorization?: string;
}

/**
 * The tools of the server at `upstream`, every page; the server's answers are attacker-controlled.
 * @throws GuardError mcp_server_failed when it does not answer in time, refuses, or lists no page
 * @example const tools = await probeHttpSurface(new URL('https://mcp.example/mcp'), { timeoutMs: 30_000 })
 */
export async function probeHttpSurface(
  upstream: URL,
  opts: HttpProbeOptions,
): Promise<ToolSurface[]> {
  const headers: Record<string, string> =
    opts.authorization === undefined ? {} : { authorization: opts.authorization };
  const t = new StreamableHTTPClientTransport(upstream, { requestInit: { headers } });
  const waiting = new Map<number, (m: Message) => void>();
  let failed: ((e: Error) => void) | undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  t.onmessage = (m) => {
    const msg = m as Message;
    if (typeof msg.id === 'number' && msg.method === undefined) waiting.get(msg.id)?.(msg);
  };
  t.onerror = (e) => failed?.(new GuardError('mcp_server_failed', e.message));
  let seq = 0;
  const request = async (method: string, params: unknown): Promise<Message> => {
    const id = ++seq;
    const answer = new Promise<Message>((resolve) => waiting.set(id, resolve));
    await t.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    const m = await Promise.race([answer, failure]);
    if (m.error) throw new GuardError('mcp_server_failed', `${method} failed: ${m.error.message}`);
    return m;
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new GuardError('mcp_server_failed', `no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
  });
  const probe = async (): Promise<ToolSurface[]> => {
    await t.start();
    const { LATEST_PROTOCOL_VERSION } = await import('@modelcontextprotocol/sdk/types.js');
    const init = await request('initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'mesh-guard-admit', version: '1' },
    });
    const version = (init.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version === 'string') t.setProtocolVersion(version);
    await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const tools: ToolSurface[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await request('tools/list', cursor === undefined ? {} : { cursor });
      tools.push(...toolsOf(res.result));
      cursor = nextCursor(res.result);
      if (cursor === undefined) return tools;
    }
    throw new GuardError('mcp_server_failed', `tools/list has more than ${MAX_PAGES} pages`);
  };
  try {
    return await Promise.race([probe(), deadline]);
  } catch (e) {
    if (e instanceof GuardError) throw e;
    throw new GuardError(
      'mcp_server_failed',
      `cannot read ${upstream.origin}${upstream.pathname}: ${(e as Error).message}`,
      undefined,
      {
        cause: e,
      },
    );
  } finally {
    clearTimeout(timer);
    await t.terminateSession().catch(() => undefined);
    await t.close().catch(() => undefined);
  }
}
