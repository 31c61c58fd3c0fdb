// MCP proxy, admission: a server's tool descriptions and instructions reach the agent's
// model as text, so they are decided with the result-phase rules (injected instructions, secrets)
// at admission and on every list change; a poisoned one refuses the server or, by policy, escalates.
import { resolveEscalation } from '../review/escalate.js';
import { dispatchVerdict } from '../verdict.js';
import type { ProxyLink } from './proxy-link.js';
import type { ToolSurface } from './surface.js';
import { mcpToolName } from './tool-name.js';

/** What a poisoned description does: refuse the server (default) or ask a reviewer first. */
export type PoisonedPolicy = 'refuse' | 'escalate';

const MAX_TEXT = 256 * 1024;

/** Every string an agent's model would read about the tool; this value is attacker-controlled. */
function surfaceText(t: ToolSurface): string {
  const parts: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 16 || parts.length > 4096) return;
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (typeof v === 'object' && v !== null)
      for (const x of Object.values(v as Record<string, unknown>)) walk(x, depth + 1);
  };
  walk([t.title, t.description, t.inputSchema, t.outputSchema, t.annotations], 0);
  return parts.join('\n').slice(0, MAX_TEXT);
}

async function judge(
  link: ProxyLink,
  tool: string,
  what: string,
  text: string,
): Promise<string | null> {
  const { opts } = link;
  const d = await opts.guard.decide({
    phase: 'result',
    tool,
    args: { mcp_surface: what },
    result: text,
    principal: 'mcp-server',
  });
  const why = `${what} of ${tool}: ${d.rule ?? 'guard'}: ${d.reason}`;
  const poisoned = dispatchVerdict(d.verdict, {
    allow: () => false,
    modify: () => true,
    escalate: () => true,
    block: () => true,
  });
  if (!poisoned) return null;
  if ((opts.poisoned ?? 'refuse') === 'refuse') return why;
  const r = await resolveEscalation(
    { ...d, verdict: 'escalate', reason: why },
    { tool, args: { mcp_surface: what, text } },
    {
      ...(opts.reviews ? { reviews: opts.reviews } : {}),
      frontDoor: 'mcp',
      timeoutMs: opts.reviewTimeoutMs,
      onReview: (id) => {
        opts.log(`mesh guard: admission of ${tool} waits for review ${id}: ${why}`);
      },
    },
  );
  return r.verdict === 'allow' ? null : r.reason;
}

/** The first poisoned description or instructions, as a reason to refuse, or null. */
export async function poisonedSurface(
  link: ProxyLink,
  tools: readonly ToolSurface[],
  instructions: unknown,
): Promise<string | null> {
  if (typeof instructions === 'string' && instructions !== '') {
    const why = await judge(
      link,
      mcpToolName(link.serverName, 'instructions'),
      'server instructions',
      instructions.slice(0, MAX_TEXT),
    );
    if (why !== null) return why;
  }
  for (const t of tools) {
    const why = await judge(
      link,
      mcpToolName(link.serverName, t.name),
      'tool description',
      surfaceText(t),
    );
    if (why !== null) return why;
  }
  return null;
}
