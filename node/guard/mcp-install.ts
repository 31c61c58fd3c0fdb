// docs/operator.md "Put an MCP server behind the guard": rewrites an MCP client's server entry (the
// `mcpServers` object of Claude Code's .mcp.json or ~/.claude.json, and of Cursor's mcp.json) so the
// server runs behind `mesh guard mcp`, with absolute paths of node, this package's CLI, the state
// directory and the server's own program. Idempotent; uninstall puts the server's own command back.
import { homedir } from 'node:os';
import { UsageError } from '../errors.js';
import {
  configPlace,
  isObject,
  MCP_CLIENTS,
  MCP_SCOPES,
  readConfig,
  serversIn,
  writeConfig,
  type Json,
  type McpClient,
  type McpScope,
  type ServerEntry,
} from './mcp-install-config.js';
import { absoluteProgram, guardedCommand, guardedEntry } from './mcp-install-entry.js';

export interface McpInstallResult {
  config: string;
  server: string;
  entry: ServerEntry;
  changed: boolean;
}

/**
 * Puts server NAME behind the guard in the client's config: with COMMAND, that command; without,
 * the command the config already gives NAME. A second install changes nothing.
 *
 * @throws UsageError (no command given and none configured, a program not on PATH, an HTTP server)
 * @throws ConfigError config_invalid (the config is not a JSON object)
 * @example
 * installMcpServer({ client: 'claude-code', scope: 'project', cwd, name: 'files',
 *   command: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/srv'], stateRoot, packs: [] });
 */
export function installMcpServer(o: {
  client: McpClient;
  scope: McpScope;
  cwd: string;
  name: string;
  command: readonly string[];
  stateRoot: string;
  packs: readonly string[];
  home?: string;
}): McpInstallResult {
  const place = configPlace(o.client, o.scope, o.cwd, o.home);
  const doc = readConfig(place.file);
  const before = JSON.stringify(doc);
  const servers = serversIn(doc, place, true) as Json;
  const current = isObject(servers[o.name]) ? (servers[o.name] as ServerEntry) : undefined;
  let command = [...o.command];
  if (command.length === 0) {
    const own =
      current === undefined ? undefined : (guardedCommand(current) ?? ownCommand(current));
    if (own === undefined || own.length === 0)
      throw new UsageError(
        `${place.file} has no stdio server named ${o.name}`,
        `give its command: mesh guard mcp install ${o.name} -- CMD [ARGS...]`,
      );
    command = own;
  }
  const [program, ...args] = command as [string, ...string[]];
  const entry = guardedEntry(
    o.name,
    [absoluteProgram(program, o.cwd), ...args],
    o.stateRoot,
    o.packs,
    current,
  );
  servers[o.name] = entry;
  const changed = JSON.stringify(doc) !== before;
  if (changed) writeConfig(place.file, doc);
  return { config: place.file, server: o.name, entry, changed };
}

function ownCommand(e: ServerEntry): string[] | undefined {
  if (typeof e.command !== 'string') {
    if (typeof e.url === 'string')
      throw new UsageError(
        `server ${e.url} is an HTTP server`,
        'put it behind the guard with mesh guard mcp --upstream URL --listen HOST:PORT',
      );
    return undefined;
  }
  const args = Array.isArray(e.args)
    ? e.args.filter((a): a is string => typeof a === 'string')
    : [];
  return [e.command, ...args];
}

/**
 * Puts server NAME's own command back (its other keys stay); a server not behind the guard is left.
 *
 * @throws ConfigError config_invalid
 * @example uninstallMcpServer({ client: 'cursor', scope: 'user', cwd, name: 'files' })
 */
export function uninstallMcpServer(o: {
  client: McpClient;
  scope: McpScope;
  cwd: string;
  name: string;
  home?: string;
}): { config: string; server: string; removed: boolean } {
  const place = configPlace(o.client, o.scope, o.cwd, o.home);
  const doc = readConfig(place.file);
  const servers = serversIn(doc, place, false);
  const current = servers?.[o.name];
  const own = isObject(current) ? guardedCommand(current) : undefined;
  if (servers === undefined || own === undefined || own.length === 0)
    return { config: place.file, server: o.name, removed: false };
  const [command, ...args] = own as [string, ...string[]];
  const { args: _a, command: _c, ...rest } = current as ServerEntry;
  servers[o.name] = { ...rest, command, args };
  writeConfig(place.file, doc);
  return { config: place.file, server: o.name, removed: true };
}

/** Every stdio server in every client config for CWD: which run behind the guard and which do not. */
export function listMcpServers(
  cwd: string,
  home = homedir(),
): {
  client: McpClient;
  scope: McpScope;
  config: string;
  server: string;
  entry: ServerEntry;
  guarded: string[] | undefined;
}[] {
  const out = [];
  for (const client of MCP_CLIENTS)
    for (const scope of MCP_SCOPES[client]) {
      const place = configPlace(client, scope, cwd, home);
      const servers = serversIn(readConfig(place.file), place, false) ?? {};
      for (const [server, entry] of Object.entries(servers)) {
        if (!isObject(entry) || typeof entry.command !== 'string') continue;
        const e = entry as ServerEntry;
        out.push({
          client,
          scope,
          config: place.file,
          server,
          entry: e,
          guarded: guardedCommand(e),
        });
      }
    }
  return out;
}
