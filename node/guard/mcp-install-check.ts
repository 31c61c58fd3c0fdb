// `mesh doctor`'s view of the MCP servers the clients on this machine run (docs/operator.md "Put an
// MCP server behind the guard"): each one behind `mesh guard mcp` with a node, CLI, state directory
// and server program that exist, and none running unguarded.
import { existsSync } from 'node:fs';
import type { CheckResult } from '../doctor/checks.js';
import { listMcpServers } from './mcp-install.js';

function stateOf(args: readonly string[]): string | undefined {
  const i = args.indexOf('--state');
  return i < 0 ? undefined : args[i + 1];
}

/**
 * One check over every MCP client config for `cwd`: fail when a guarded entry's node, CLI or server
 * program is missing (the client could not start it), warn when a server runs unguarded or the
 * guard uses another state directory, ok otherwise.
 * @example checkMcpInstalled({ stateRoot, cwd: process.cwd() })
 */
export function checkMcpInstalled(o: {
  stateRoot: string;
  cwd: string;
  home?: string;
}): CheckResult {
  const name = 'mcp install';
  let servers;
  try {
    servers = listMcpServers(o.cwd, o.home);
  } catch (e) {
    return {
      name,
      status: 'fail',
      detail: (e as Error).message,
      hint: (e as { hint?: string }).hint ?? 'fix the MCP config named',
    };
  }
  const hint = (s: { server: string; client: string; scope: string }): string =>
    `run: mesh guard mcp install ${s.server} --client ${s.client} --scope ${s.scope}`;
  for (const s of servers) {
    if (s.guarded === undefined) continue;
    const args = s.entry.args ?? [];
    const missing = [s.entry.command, args[0], s.guarded[0]].filter(
      (p) => p === undefined || !existsSync(p),
    );
    if (missing.length > 0)
      return {
        name,
        status: 'fail',
        detail: `${s.config}: server ${s.server} cannot start, missing ${missing.map(String).join(', ')}`,
        hint: hint(s),
      };
    if (stateOf(args) !== o.stateRoot)
      return {
        name,
        status: 'warn',
        detail: `${s.config}: server ${s.server}'s guard uses state ${stateOf(args) ?? '(none)'}, not ${o.stateRoot}`,
        hint: `${hint(s)} --state ${o.stateRoot}`,
      };
  }
  const open = servers.filter((s) => s.guarded === undefined);
  if (open.length > 0) {
    const first = open[0] as (typeof open)[number];
    return {
      name,
      status: 'warn',
      detail: `MCP server(s) not behind the guard: ${open.map((s) => `${s.server} (${s.config})`).join(', ')}`,
      hint: hint(first),
    };
  }
  const guarded = servers.length;
  return {
    name,
    status: 'ok',
    detail:
      guarded === 0
        ? 'no MCP client config here names a stdio server'
        : `${guarded} MCP server(s) behind the guard`,
  };
}
