// MCP proxy: routing of the server's responses: the proxy's own requests go to admission,
// initialize starts the surface check, a drifted tools/list page refuses the server, and decided
// requests have their results checked before the agent sees them.
import { normaliseServerName, serverInfoName } from './tool-name.js';
import type { AdmissionGate } from './admission-gate.js';
import { errorResponse, GUARD_REFUSED, key, type Id, type Message } from './jsonrpc.js';
import type { ProxyLink } from './proxy-link.js';
import { checkResult, needsResultCheck } from './result-checks.js';

export async function routeServerResponse(
  link: ProxyLink,
  gate: AdmissionGate,
  m: Message,
): Promise<void> {
  if (gate.takeOwnResponse(m)) return;
  const id = m.id as Id;
  const p = link.fromAgent.get(key(id));
  link.fromAgent.delete(key(id));
  if (!p) return;
  if (p.method === 'initialize') {
    if (link.opts.serverName === undefined)
      link.serverName = normaliseServerName(serverInfoName(m.result));
    link.toAgent(m);
    gate.start(m.result);
    return;
  }
  if (p.method === 'tools/list' && m.result !== undefined) {
    const drift = gate.driftIn(m.result);
    if (drift !== null) {
      link.toAgent(errorResponse(id, GUARD_REFUSED, `mesh guard refuses this server: ${drift}`));
      return;
    }
  }
  if (needsResultCheck(p, m)) await checkResult(link, p, m);
  else link.toAgent(m);
}
