// MCP proxy: what every part of the proxy shares: the two directions (agent, server), the
// requests in flight each way, and one decision function that resolves escalations through reviews.
import type { PoisonedPolicy } from './description-check.js';
import { normaliseServerName } from './tool-name.js';
import type { Decision } from '../decision.js';
import type { Guard } from '../guard.js';
import { resolveEscalation } from '../review/escalate.js';
import type { ReviewQueue } from '../review/review-queue.js';
import type { Id, Message } from './jsonrpc.js';

export interface McpProxyOptions {
  command: string[];
  /** The server's name in tool events (`mcp__<name>__<tool>`); default: its serverInfo.name. */
  serverName?: string;
  /** A tool description or server instructions the result rules object to: refuse, or escalate. */
  poisoned?: PoisonedPolicy;
  guard: Guard;
  session: string;
  reviews?: ReviewQueue;
  /** The argument paths the flow tracker found taint in (TaintMemo): masked whole in previews. */
  tainted?: (session: string, args: unknown) => ReadonlySet<string>;
  reviewTimeoutMs?: number;
  admissionDir: string;
  maxMessageBytes: number;
  agentIn: NodeJS.ReadableStream;
  agentOut: NodeJS.WritableStream;
  log: (line: string) => void;
}

/** A request in flight: what it asked, and the (possibly modified) arguments that were forwarded. */
export interface Pending {
  id: Id;
  method: string;
  tool?: string;
  args?: unknown;
}

export interface ProxyLink {
  opts: McpProxyOptions;
  toAgent(m: Message): void;
  toServer(m: Message): void;
  /** Requests from the agent waiting for the server's answer, by key(id). */
  fromAgent: Map<string, Pending>;
  /** Why the server failed, once it has: every request is then answered with an error. */
  failure: string | null;
  /** The server part of its tools' names, known once initialize is answered. */
  serverName: string;
  /** Requests from the agent still being decided (an escalation may wait minutes), by key(id). */
  deciding: Map<string, Pending>;
  /** Requests from the server waiting for the agent's answer, by key(id). */
  fromServer: Map<string, Pending>;
  decide(
    phase: 'call' | 'result',
    tool: string,
    args: unknown,
    extra: { result?: unknown; principal: string },
  ): Promise<Decision>;
}

export function refusal(d: Decision): string {
  return `blocked by mesh guard (${d.rule ?? 'guard'}): ${d.reason}${d.attributed_to ? ` [${d.attributed_to}]` : ''}`;
}

export function createLink(
  opts: McpProxyOptions,
  write: { agent: (m: Message) => void; server: (m: Message) => void },
): ProxyLink {
  return {
    opts,
    toAgent: write.agent,
    toServer: write.server,
    failure: null,
    serverName: opts.serverName === undefined ? 'server' : normaliseServerName(opts.serverName),
    fromAgent: new Map(),
    deciding: new Map(),
    fromServer: new Map(),
    async decide(phase, tool, args, extra) {
      const d = await opts.guard.decide({ phase, tool, args, session: opts.session, ...extra });
      return resolveEscalation(
        d,
        { tool, args, session: opts.session },
        {
          ...(opts.reviews ? { reviews: opts.reviews } : {}),
          frontDoor: 'mcp',
          timeoutMs: opts.reviewTimeoutMs,
          ...(opts.tainted ? { tainted: opts.tainted(opts.session, args) } : {}),
          onReview: (id) => {
            opts.log(`mesh guard: ${tool} waits for review ${id} (mesh reviews approve ${id})`);
          },
        },
      );
    },
  };
}
