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
  type Id,
  type Message,
} from '../mcp/jsonrpc.js';
import { createLink, type McpProxyOptions, type ProxyLink } from '../mcp/proxy-link.js';
import { routeServerResponse } from '../mcp/server-responses.js';
import { handleServerRequest } from '../mcp/server-requests.js';
import { BoundedEventStore } from './event-store.js';
import { httpAdmissionCommand } from './probe-http.js';

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
  private readonly events = new BoundedEventStore();
  /** The latest values of PASSED_HEADERS the agent sent; attached to every upstream request. */
  private passed = new Headers();
  private closed = false;
  /** The agent request whose upstream SSE stream the message being delivered arrived on. */
  private arriving: Id | undefined;
  /** Agent requests by the progress token they carry (for upstream streams without event ids). */
  private readonly progress = new Map<string, Id>();
  /** The agent request each server request or notification relates to, for the agent's streams. */
  private readonly relatedOf = new Map<string, Id>();

  constructor(private readonly opts: HttpSessionOptions) {
    this.agent = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: this.events,
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
    const command = httpAdmissionCommand(opts.upstream);
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
    // An agent resuming a request's stream has lost it, though the old connection may not have
    // been seen to close: that stream is ended first, so the transport replays instead of refusing
    // the resumption as a second connection (409).
    const last = req.method === 'GET' ? req.headers.get('last-event-id') : null;
    const lost = last === null ? undefined : this.events.requestOfEvent(last);
    if (lost !== undefined) this.agent.closeSSEStream(lost);
    return this.agent.handleRequest(req);
  }

  /**
   * Per-request routing (spec 2025-06-18, "Sending Messages to the Server"): a response goes on its
   * request's stream; a server request or notification the upstream sent on a request's stream goes
   * on that request's stream while it is open; anything else on the GET stream.
   */
  private relatedTo(m: Message): Id | undefined {
    if (isResponse(m)) return m.id ?? undefined;
    const own = isRequest(m) && m.id !== undefined && m.id !== null ? key(m.id) : undefined;
    const related = own === undefined ? undefined : this.relatedOf.get(own);
    if (own !== undefined) this.relatedOf.delete(own);
    const token = (m.params as { progressToken?: unknown } | undefined)?.progressToken;
    const byToken =
      m.method === 'notifications/progress' &&
      (typeof token === 'string' || typeof token === 'number')
        ? this.progress.get(key(token))
        : undefined;
    const id = related ?? byToken;
    return id !== undefined && this.link.fromAgent.has(key(id)) ? id : undefined;
  }

  private toAgent(m: Message): void {
    if (this.closed) return;
    const id = this.relatedTo(m);
    if (isResponse(m)) this.forget(m.id ?? undefined);
    this.deliver(m, id);
  }

  /** Sends to the agent; the event store learns which request's stream the event is kept for. */
  private deliver(m: Message, id: Id | undefined): void {
    const related = id === undefined ? {} : { relatedRequestId: id };
    this.events.sendingFor = id ?? undefined;
    const sent = this.agent.send(m as JSONRPCMessage, related);
    this.events.sendingFor = undefined;
    sent.catch((e: unknown) => {
      this.opts.proxy.log(`mesh guard: cannot answer the agent: ${(e as Error).message}`);
    });
  }

  /** The progress token an agent request carries, remembered until its response. */
  private track(m: Message): void {
    const id = m.id;
    if (!isRequest(m) || id === undefined || id === null) return;
    const token = (m.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta
      ?.progressToken;
    if (typeof token === 'string' || typeof token === 'number') this.progress.set(key(token), id);
  }

  private forget(id: Id | undefined): void {
    if (id === undefined) return;
    for (const [t, v] of this.progress) if (v === id) this.progress.delete(t);
  }

  private toServer(m: Message): void {
    if (this.closed) return;
    const id = m.id;
    const fromAgent =
      isRequest(m) && id !== undefined && id !== null && this.link.fromAgent.has(key(id));
    if (fromAgent) this.track(m);
    // The SDK calls onresumptiontoken just before it delivers each event of this request's stream
    // that carries an id: that message arrived on the stream of this request.
    const options = fromAgent
      ? {
          onresumptiontoken: () => {
            this.arriving = id;
            queueMicrotask(() => (this.arriving = undefined));
          },
        }
      : {};
    this.upstream.send(m as JSONRPCMessage, options).catch((e: unknown) => {
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
    const arriving = this.arriving;
    this.arriving = undefined;
    if (!isResponse(m) && arriving !== undefined) {
      if (isRequest(m) && m.id !== undefined && m.id !== null)
        this.relatedOf.set(key(m.id), arriving);
      else if (!isRequest(m)) {
        this.toAgentRelated(m, arriving);
        return;
      }
    }
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

  /** A notification that arrived on the stream of the agent's request `id`. */
  private toAgentRelated(m: Message, id: Id): void {
    if (m.method === 'notifications/tools/list_changed') this.gate.restart();
    if (this.closed) return;
    this.deliver(m, this.link.fromAgent.has(key(id)) ? id : undefined);
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
