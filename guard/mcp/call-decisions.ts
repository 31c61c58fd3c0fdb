// MCP proxy: the agent's tools/call and resources/read are held until decided; a refused
// call gets an error result (tools/call) or a JSON-RPC error (resources/read) and never reaches the
// server; a modified call goes on with the rewritten arguments. A request is held in link.deciding
// while it is decided, so a server failure in the meantime answers it too.
import { dispatchVerdict } from '../verdict.js';
import { errorResponse, GUARD_REFUSED, key, type Id, type Message } from './jsonrpc.js';
import { mcpToolName } from './tool-name.js';
import { refusal, type ProxyLink } from './proxy-link.js';

/** Methods whose requests carry an action the guard decides. */
export const DECIDED_METHODS = new Set(['tools/call', 'resources/read']);

/** The event a decided request becomes: tools/call as mcp__<server>__<tool>, resources/read by its URI. */
export function callOf(
  m: Message,
  server: string,
): { tool: string; args: Record<string, unknown> } {
  const params = (m.params ?? {}) as Record<string, unknown>;
  return m.method === 'tools/call'
    ? {
        tool: mcpToolName(server, String(params.name)),
        args: (params.arguments ?? {}) as Record<string, unknown>,
      }
    : { tool: 'resources/read', args: { uri: params.uri } };
}

export async function handleAgentRequest(link: ProxyLink, m: Message): Promise<void> {
  const id = m.id as Id;
  const method = m.method ?? '';
  if (!DECIDED_METHODS.has(method)) {
    link.fromAgent.set(key(id), { id, method });
    link.toServer(m);
    return;
  }
  const params = (m.params ?? {}) as Record<string, unknown>;
  const { tool, args } = callOf(m, link.serverName);
  link.deciding.set(key(id), { id, method, tool, args });
  const d = await link.decide('call', tool, args, { principal: 'mcp-agent' }).finally(() => {
    link.deciding.delete(key(id));
  });
  // The server failed meanwhile, and the failure answered this request.
  if (link.failure !== null) return;
  const refuse = (): void => {
    if (method === 'tools/call')
      link.toAgent({
        jsonrpc: '2.0',
        id,
        result: { content: [{ type: 'text', text: refusal(d) }], isError: true },
      });
    else link.toAgent(errorResponse(id, GUARD_REFUSED, refusal(d)));
  };
  const forward = (effective: unknown): void => {
    link.fromAgent.set(key(id), { id, method, tool, args: effective });
    link.toServer({
      ...m,
      params: method === 'tools/call' ? { ...params, arguments: effective } : params,
    });
  };
  dispatchVerdict(d.verdict, {
    allow: () => {
      forward(args);
    },
    modify: () => {
      forward(d.args ?? args);
    },
    escalate: refuse,
    block: refuse,
  });
}
