// MCP proxy: a tools/call or resources/read result is decided (phase "result") before the
// agent sees it: withheld when blocked, rewritten when modified. Sensitive results become taint here.
import { dispatchVerdict } from '../verdict.js';
import { errorResponse, GUARD_REFUSED, type Message } from './jsonrpc.js';
import { DECIDED_METHODS } from './call-decisions.js';
import { refusal, type Pending, type ProxyLink } from './proxy-link.js';

export function needsResultCheck(p: Pending, m: Message): boolean {
  return DECIDED_METHODS.has(p.method) && m.result !== undefined && p.tool !== undefined;
}

export async function checkResult(link: ProxyLink, p: Pending, m: Message): Promise<void> {
  const d = await link.decide('result', p.tool ?? p.method, p.args, {
    result: m.result,
    principal: 'mcp-server',
  });
  const withhold = (): void => {
    if (p.method === 'tools/call')
      link.toAgent({
        jsonrpc: '2.0',
        id: p.id,
        result: { content: [{ type: 'text', text: `[withheld] ${refusal(d)}` }], isError: true },
      });
    else link.toAgent(errorResponse(p.id, GUARD_REFUSED, refusal(d)));
  };
  dispatchVerdict(d.verdict, {
    allow: () => {
      link.toAgent(m);
    },
    modify: () => {
      link.toAgent({ ...m, result: d.result ?? m.result });
    },
    escalate: withhold,
    block: withhold,
  });
}
