// docs/architecture.md "Guard event": one name for a tool at every front door. An MCP tool is
// `mcp__<server>__<tool>`, as Claude Code names it, so a rule written for the hook decides the proxy too.

const MAX_PART = 64;

function clean(s: string): string {
  // Claude Code keeps [A-Za-z0-9_-] and replaces the rest; `__` separates the parts, so none inside.
  return s
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_PART);
}

/**
 * The server part: the operator's `--name`, else the server's own `serverInfo.name` (attacker
 * controlled, so normalised: lower case, [a-z0-9_-], at most 64 characters), else `server`.
 * @example normaliseServerName('Acme Files!') // 'acme_files'
 */
export function normaliseServerName(name: unknown): string {
  if (typeof name !== 'string') return 'server';
  const c = clean(name.toLowerCase());
  return c === '' ? 'server' : c;
}

/** `mcp__<server>__<tool>`; the tool part keeps its case, as Claude Code's does. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${clean(tool) || 'tool'}`;
}

/** The serverInfo.name of an initialize result; this value is attacker-controlled. */
export function serverInfoName(result: unknown): unknown {
  const info = (result as { serverInfo?: unknown } | null | undefined)?.serverInfo;
  return typeof info === 'object' && info !== null ? (info as { name?: unknown }).name : undefined;
}
