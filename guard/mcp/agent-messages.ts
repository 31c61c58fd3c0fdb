// MCP proxy: routing of the agent's messages. initialize passes at once; everything else
// waits for the admission check, is refused while the server is refused, and requests are decided
// (call-decisions.ts). Answers to the server's own requests are checked (server-requests.ts); any
// failure of a check refuses, never forwards.
import type { AdmissionGate } from './admission-gate.js';
import { handleAgentRequest } from './call-decisions.js';
import {
  errorResponse,
  GUARD_REFUSED,
  INTERNAL_ERROR,
  isNotification,
  isRequest,
  isResponse,
  key,
  PARSE_ERROR,
  parseMessage,
  type Id,
  type Message,
} from './jsonrpc.js';
import type { ProxyLink } from './proxy-link.js';
import { handleAgentAnswer } from './server-requests.js';

function refuseRequest(link: ProxyLink, m: Message, why: string): void {
  if (isRequest(m)) link.toAgent(errorResponse(m.id ?? null, GUARD_REFUSED, why));
}

export function routeAgentLine(link: ProxyLink, gate: AdmissionGate, line: string): void {
  let m: Message;
  try {
    m = parseMessage(line);
  } catch (e) {
    link.toAgent(errorResponse(null, PARSE_ERROR, (e as Error).message));
    return;
  }
  if (m.method === 'initialize' && isRequest(m)) {
    link.fromAgent.set(key(m.id as Id), { id: m.id as Id, method: 'initialize' });
    link.toServer(m);
    return;
  }
  if (m.method === 'notifications/initialized') {
    link.toServer(m);
    return;
  }
  if (isResponse(m)) {
    handleAgentAnswer(link, m).catch((e: unknown) => {
      link.toServer(
        errorResponse(
          m.id ?? null,
          INTERNAL_ERROR,
          `mesh guard failed closed: ${(e as Error).message}`,
        ),
      );
    });
    return;
  }
  void gate
    .passed()
    .then(async () => {
      if (gate.refused !== null && (isRequest(m) || isNotification(m))) {
        refuseRequest(link, m, `mesh guard refuses this server: ${gate.refused}`);
        return;
      }
      if (isRequest(m)) await handleAgentRequest(link, m);
      else link.toServer(m);
    })
    .catch((e: unknown) => {
      refuseRequest(link, m, `mesh guard failed closed: ${(e as Error).message}`);
    });
}
