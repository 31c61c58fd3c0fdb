// MCP Streamable HTTP (spec 2025-06-18, "Session Management"): one agent session of the HTTP proxy.
// The agent side is the SDK's server transport (POST answered as JSON or an SSE stream, the GET
// stream, Last-Event-ID replay, DELETE); the upstream side is the SDK's client transport. Between
// them every message goes through the same parts as the stdio proxy (guard/mcp/): admission and
// drift, call decisions with holding for review, result checks, the server's own requests.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { AdmissionGate } from '../mcp/admission-gate.js';
import { routeAgentLine } from '../mcp/agent-messages.js';
import {
  errorResponse,
  INTERNAL_ERROR,
  isRequest,
  isResponse,
  key,
  type Message,
} from '../mcp/jsonrpc.js';
import { createLink, type McpProxyOptions, type ProxyLink } from '../mcp/proxy-link.js';
import { routeServerResponse } from '../mcp/server-responses.js';
import { handleServerRequest } from '../mcp/server-requests.js';
import { BoundedEventStore } from './event-store.js';

/** Headers of the agent's requests that reach the upstream as they are (values never logged). */
export const PASSED_HEADERS = ['authorization'] as const;

export interface HttpSessionOptions {
  upstream: URL;
  /** The stdio proxy's options, less its streams and command (the upstream URL stands for it). */
  proxy: Omit<McpProxyOptions, 'agentIn' | 'agentOut' | 'command' | 'session'>;
  /** The guard session; default: one per MCP session. */
  session?: string;
  onClosed: (id: string) => void;
}

export class HttpSession {
  readonly agent: WebStandardStreamableHTTPServerTransport;
  private readonly upstream: StreamableHTTPClientTransport;
  private readonly link: ProxyLink;
  private readonly gate: AdmissionGate;
  /** The latest values of PASSED_HEADERS the agent sent; attached to every upstream request. */
  private passed = new Headers();
  private closed = false;

  constructor(private readonly opts: HttpSessionOptions) {
    this.agent = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new BoundedEventStore(),
      maxRequestBodySize: opts.proxy.maxMessageBytes,
      onsessionclosed: () => this.close(),
    });
    this.upstream = new StreamableHTTPClientTransport(opts.upstream, {
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        this.passed.forEach((v, k) => {
          headers.set(k, v);
        });
        return fetch(url, { ...init, headers });
      },
    });
    const command = ['mcp-http', `${opts.upstream.origin}${opts.upstream.pathname}`];
    this.link = createLink(
      {
        ...opts.proxy,
        command,
        session: opts.session ?? `mcp-http-${randomUUID()}`,
        agentIn: process.stdin,
        agentOut: process.stdout,
      },
      {
        agent: (m) => {
          this.toAgent(m);
        },
        server: (m) => {
          this.toServer(m);
        },
      },
    );
    this.gate = new AdmissionGate(this.link);
    this.agent.onmessage = (m) => {
      routeAgentLine(this.link, this.gate, JSON.stringify(m));
    };
    this.upstream.onmessage = (m) => {
      this.fromUpstream(m);
    };
    this.upstream.onerror = (e) => {
      this.opts.proxy.log(`mesh guard: upstream: ${e.message}`);
    };
  }

  async start(): Promise<void> {
    await this.agent.start();
    await this.upstream.start();
  }

  /** One agent request: the passed headers are remembered, then the SDK transport answers it. */
  handle(req: Request): Promise<Response> {
    for (const name of PASSED_HEADERS) {
      const v = req.headers.get(name);
      if (v !== null) this.passed.set(name, v);
    }
    return this.agent.handleRequest(req);
  }

  private toAgent(m: Message): void {
    if (this.closed) return;
    const related =
      isResponse(m) && m.id !== null && m.id !== undefined ? { relatedRequestId: m.id } : {};
    this.agent.send(m as JSONRPCMessage, related).catch((e: unknown) => {
      this.opts.proxy.log(`mesh guard: cannot answer the agent: ${(e as Error).message}`);
    });
  }

  private toServer(m: Message): void {
    if (this.closed) return;
    this.upstream.send(m as JSONRPCMessage).catch((e: unknown) => {
      // The agent's request that could not be forwarded is answered here, never dropped.
      const id = m.id;
      if (!isRequest(m) || id === undefined || id === null || !this.link.fromAgent.has(key(id)))
        return;
      this.link.fromAgent.delete(key(id));
      this.toAgent(
        errorResponse(id, INTERNAL_ERROR, `MCP server failed: ${(e as Error).message}`, {
          method: m.method,
        }),
      );
    });
  }

  /** A message from the upstream (attacker-controlled): routed exactly as the stdio proxy routes it. */
  private fromUpstream(m: Message): void {
    if (isResponse(m)) {
      const pending =
        m.id !== null && m.id !== undefined ? this.link.fromAgent.get(key(m.id)) : undefined;
      const version = (m.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (pending?.method === 'initialize' && typeof version === 'string')
        this.upstream.setProtocolVersion(version);
      routeServerResponse(this.link, this.gate, m).catch((e: unknown) => {
        this.opts.proxy.log(`mesh guard: result check failed: ${(e as Error).message}`);
        if (m.id !== null && m.id !== undefined)
          this.toAgent(
            errorResponse(
              m.id,
              INTERNAL_ERROR,
              `mesh guard failed closed: ${(e as Error).message}`,
            ),
          );
      });
    } else if (isRequest(m)) {
      handleServerRequest(this.link, this.gate, m).catch((e: unknown) => {
        this.toServer(
          errorResponse(
            m.id ?? null,
            INTERNAL_ERROR,
            `mesh guard failed closed: ${(e as Error).message}`,
          ),
        );
      });
    } else {
      if (m.method === 'notifications/tools/list_changed') this.gate.restart();
      this.toAgent(m);
    }
  }

  /** Ends the session both ways: DELETE upstream (best effort), then both transports. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const id = this.agent.sessionId;
    await this.upstream.terminateSession().catch(() => undefined);
    await this.upstream.close().catch(() => undefined);
    await this.agent.close().catch(() => undefined);
    if (id !== undefined) this.opts.onClosed(id);
  }
}
