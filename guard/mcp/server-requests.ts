// MCP proxy and MCP 2025-06-18 "Client features": requests the server makes of the client.
// Sampling and elicitation carry data to the agent's side (checked as `mcp:sampling` /
// `mcp:elicitation` calls) and the client's answers carry data back to the server (checked as
// outbound `mcp:*-answer` calls, so taint rules see them). A refused request or answer becomes a
// JSON-RPC error to the server; the agent never sees a refused request. Only answers to requests the
// server really made go back to it.
import { dispatchVerdict } from '../verdict.js';
import type { AdmissionGate } from './admission-gate.js';
import { errorResponse, GUARD_REFUSED, key, type Id, type Message } from './jsonrpc.js';
import { refusal, type ProxyLink } from './proxy-link.js';
import { ANSWER_SUFFIX, MCP_ELICITATION, MCP_SAMPLING } from './server-request-policy.js';

const GUARDED_SERVER_REQUESTS = new Map([
  ['sampling/createMessage', MCP_SAMPLING],
  ['elicitation/create', MCP_ELICITATION],
]);
const MAX_FIELDS = 256;

/**
 * The names, titles and descriptions of an elicitation's requested fields, one string each, so rules
 * can match what is asked for. This value is attacker-controlled (the server's requestedSchema).
 */
export function elicitedFields(params: Record<string, unknown>): string[] {
  const schema = params.requestedSchema;
  const props =
    typeof schema === 'object' && schema !== null
      ? (schema as { properties?: unknown }).properties
      : undefined;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return [];
  return Object.entries(props as Record<string, unknown>)
    .slice(0, MAX_FIELDS)
    .map(([name, p]) => {
      const d = typeof p === 'object' && p !== null ? (p as Record<string, unknown>) : {};
      const text = [d.title, d.description].filter((x) => typeof x === 'string');
      return [name, ...text].join(' ').slice(0, 4096);
    });
}

function paramsOf(m: Message): Record<string, unknown> {
  const p = m.params;
  return typeof p === 'object' && p !== null && !Array.isArray(p)
    ? (p as Record<string, unknown>)
    : {};
}

export async function handleServerRequest(
  link: ProxyLink,
  gate: AdmissionGate,
  m: Message,
): Promise<void> {
  const method = m.method ?? '';
  const id = m.id as Id;
  const tool = GUARDED_SERVER_REQUESTS.get(method);
  if (tool === undefined) {
    link.fromServer.set(key(id), { id, method });
    link.toAgent(m);
    return;
  }
  if (gate.refused !== null) {
    link.toServer(
      errorResponse(id, GUARD_REFUSED, `mesh guard refuses this server: ${gate.refused}`),
    );
    return;
  }
  const params = paramsOf(m);
  const args = tool === MCP_ELICITATION ? { ...params, fields: elicitedFields(params) } : params;
  const d = await link.decide('call', tool, args, { principal: 'mcp-server' });
  const refuse = (): void => {
    link.toServer(errorResponse(id, GUARD_REFUSED, refusal(d)));
  };
  const forward = (effective: unknown): void => {
    const { fields: _derived, ...rest } = effective as Record<string, unknown>;
    link.fromServer.set(key(id), { id, method, tool: `${tool}${ANSWER_SUFFIX}` });
    link.toAgent({ ...m, params: rest });
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

/**
 * The agent's answer to a server request: forwarded only if the server asked, and an answer to a
 * sampling or elicitation request only after it is decided as an outbound call.
 */
export async function handleAgentAnswer(link: ProxyLink, m: Message): Promise<void> {
  const id = m.id as Id;
  const p = link.fromServer.get(key(id));
  if (!link.fromServer.delete(key(id)) || p === undefined) return;
  if (p.tool === undefined) {
    link.toServer(m);
    return;
  }
  const answer =
    m.result !== undefined && typeof m.result === 'object' && m.result !== null
      ? (m.result as Record<string, unknown>)
      : { error: m.error ?? null };
  const d = await link.decide('call', p.tool, answer, { principal: 'mcp-agent' });
  const refuse = (): void => {
    link.toServer(errorResponse(id, GUARD_REFUSED, refusal(d)));
  };
  dispatchVerdict(d.verdict, {
    allow: () => {
      link.toServer(m);
    },
    modify: () => {
      link.toServer(m.result === undefined ? m : { ...m, result: d.args ?? m.result });
    },
    escalate: refuse,
    block: refuse,
  });
}
