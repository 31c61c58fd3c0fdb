// `mesh guard mcp install|uninstall NAME [-- CMD...]`: an MCP client's server entry rewritten to run
// behind `mesh guard mcp` (node/guard/mcp-install.ts does the work); this command parses and prints.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { MCP_CLIENTS, type McpClient, type McpScope } from '../../guard/mcp-install-config.js';
import { installMcpServer, uninstallMcpServer } from '../../guard/mcp-install.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { collect } from '../repeatable-option.js';

function clientOf(v: string): McpClient {
  if (!(MCP_CLIENTS as readonly string[]).includes(v))
    throw new UsageError(`--client ${v}: unknown client`, `use one of ${MCP_CLIENTS.join(', ')}`);
  return v as McpClient;
}

const SCOPE_HELP =
  'claude-code: user (~/.claude.json), project (.mcp.json), local (~/.claude.json for this folder); cursor: user (~/.cursor/mcp.json), project (.cursor/mcp.json)';

interface Flags {
  client: string;
  scope: string;
  state?: string;
  pack: string[];
  json?: boolean;
}

/** Adds `install` and `uninstall` under `mesh guard mcp`. */
export function addMcpInstall(mcp: Command): void {
  mcp
    .command('install')
    .description(
      "run an MCP server behind the guard: rewrites the client's config with absolute paths (idempotent)",
    )
    .argument('<name>', "the server's name in the client's config")
    .argument('[command...]', 'the server command after -- (default: the one configured for NAME)')
    .option('--client <client>', `MCP client: ${MCP_CLIENTS.join(', ')}`, 'claude-code')
    .option('--scope <scope>', SCOPE_HELP, 'project')
    .option('--state <dir>', 'state directory the guard uses (default: this command’s state)')
    .option('--pack <pack>', 'pack the guard enforces (repeatable)', collect, [])
    .option('--json', 'print one JSON object')
    .action((name: string, command: string[], opts: Flags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const r = installMcpServer({
        client: clientOf(opts.client),
        scope: opts.scope as McpScope,
        cwd: process.cwd(),
        name,
        command,
        stateRoot: opts.state !== undefined ? resolve(opts.state) : ctx.stateRoot,
        packs: opts.pack.length > 0 ? opts.pack : ['builtin:coding-agent'],
      });
      ctx.out.result(r, (v) =>
        v.changed
          ? `server ${v.server} now runs behind the guard (${v.config})\n  ${[v.entry.command ?? '', ...(v.entry.args ?? [])].join(' ')}\nrestart the client, then check it with: mesh doctor`
          : `server ${v.server} already runs behind the guard (${v.config})`,
      );
    });
  mcp
    .command('uninstall')
    .description("put an MCP server's own command back in the client's config")
    .argument('<name>', "the server's name in the client's config")
    .option('--client <client>', `MCP client: ${MCP_CLIENTS.join(', ')}`, 'claude-code')
    .option('--scope <scope>', SCOPE_HELP, 'project')
    .option('--json', 'print one JSON object')
    .action((name: string, opts: Flags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const r = uninstallMcpServer({
        client: clientOf(opts.client),
        scope: opts.scope as McpScope,
        cwd: process.cwd(),
        name,
      });
      ctx.out.result(r, (v) =>
        v.removed
          ? `server ${v.server} runs its own command again (${v.config})`
          : `server ${v.server} is not behind the guard in ${v.config}`,
      );
    });
}
