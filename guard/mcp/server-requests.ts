// Issue 8 "MCP proxy": requests the server makes of the client. Sampling and elicitation carry data
// to or from the agent's side, so they are decided like calls; a refused one gets a JSON-RPC error
// and never reaches the agent. Only answers to requests the server really made go back to it.
import { dispatchVerdict } from '../verdict.js';
import type { AdmissionGate } from './admission-gate.js';
import { errorResponse, GUARD_REFUSED, key, type Id, type Message } from './jsonrpc.js';
import { refusal, type ProxyLink } from './proxy-link.js';

const GUARDED_SERVER_REQUESTS = new Set(['sampling/createMessage', 'elicitation/create']);

export async function handleServerRequest(
  link: ProxyLink,
  gate: AdmissionGate,
  m: Message,
): Promise<void> {
  const method = m.method ?? '';
  const id = m.id as Id;
  if (!GUARDED_SERVER_REQUESTS.has(method)) {
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
  const d = await link.decide('call', method, m.params ?? {}, { principal: 'mcp-server' });
  const refuse = (): void => {
    link.toServer(errorResponse(id, GUARD_REFUSED, refusal(d)));
  };
  const forward = (params: unknown): void => {
    link.fromServer.set(key(id), { id, method });
    link.toAgent({ ...m, params });
  };
  dispatchVerdict(d.verdict, {
    allow: () => {
      forward(m.params);
    },
    modify: () => {
      forward(d.args ?? m.params);
    },
    escalate: refuse,
    block: refuse,
  });
}

/** The agent's answer to a server request: forwarded only if the server asked. */
export function handleAgentAnswer(link: ProxyLink, m: Message): Promise<void> {
  if (link.fromServer.delete(key(m.id as Id))) link.toServer(m);
  return Promise.resolve();
}
