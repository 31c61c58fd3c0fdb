// The surface an MCP server presents (every page of tools/list: names, descriptions, input schemas,
// annotations), and its hash: what admission pins, so a changed tool or description is refused.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../receipts/canonical.js';

export interface ToolSurface {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/** This value is attacker-controlled (the server's tool list); only the fields that matter are kept. */
export function toolsOf(result: unknown): ToolSurface[] {
  const tools = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools
    .filter(
      (t): t is Record<string, unknown> =>
        typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string',
    )
    .map((t) => ({
      name: t.name as string,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: t.annotations,
    }));
}

export function nextCursor(result: unknown): string | undefined {
  const c = (result as { nextCursor?: unknown } | null)?.nextCursor;
  return typeof c === 'string' && c.length > 0 ? c : undefined;
}

/** One digest per tool, and one for the whole surface (tools sorted by name). */
export function toolDigest(t: ToolSurface): string {
  return createHash('sha256').update(canonicalJson(t)).digest('hex');
}

export function surfaceHash(tools: readonly ToolSurface[]): string {
  const digests = [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => [t.name, toolDigest(t)]);
  return createHash('sha256').update(canonicalJson(digests)).digest('hex');
}
