// docs/operator.md "Put an MCP server behind the guard": where Claude Code and Cursor keep their MCP
// servers (the `mcpServers` object of .mcp.json, ~/.claude.json, ~/.cursor/mcp.json, .cursor/mcp.json),
// read bounded and written back atomically with every other key untouched.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { ConfigError, UsageError } from '../errors.js';

export type McpClient = 'claude-code' | 'cursor';
export type McpScope = 'user' | 'project' | 'local';
export const MCP_CLIENTS: readonly McpClient[] = ['claude-code', 'cursor'];
export const MCP_SCOPES: Readonly<Record<McpClient, readonly McpScope[]>> = {
  'claude-code': ['user', 'project', 'local'],
  cursor: ['user', 'project'],
};
/** ~/.claude.json holds Claude Code's history too: larger than other settings files. */
const MAX_CONFIG_BYTES = 16 << 20;

/** One server entry of an `mcpServers` object (stdio servers; other keys are kept as they are). */
export interface ServerEntry {
  command?: string;
  args?: string[];
  [key: string]: unknown;
}

/** Where a client keeps a scope's servers: the file and the path of its `mcpServers` object. */
export interface ConfigPlace {
  file: string;
  /** Keys from the top of the file down to the object holding `mcpServers`. */
  at: string[];
}

/**
 * The config a client reads for a scope: Claude Code's user and local scopes live in ~/.claude.json
 * (local under `projects[<cwd>]`), its project scope in .mcp.json; Cursor's in ~/.cursor/mcp.json
 * and .cursor/mcp.json.
 */
export function configPlace(
  client: McpClient,
  scope: McpScope,
  cwd: string,
  home = homedir(),
): ConfigPlace {
  if (!MCP_SCOPES[client].includes(scope))
    throw new UsageError(
      `--scope ${scope}: ${client} has no such scope`,
      `use one of ${MCP_SCOPES[client].join(', ')}`,
    );
  if (client === 'cursor')
    return {
      file: scope === 'user' ? join(home, '.cursor', 'mcp.json') : join(cwd, '.cursor', 'mcp.json'),
      at: [],
    };
  if (scope === 'project') return { file: join(cwd, '.mcp.json'), at: [] };
  return { file: join(home, '.claude.json'), at: scope === 'local' ? ['projects', cwd] : [] };
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readConfig(file: string): Json {
  if (!existsSync(file)) return {};
  if (statSync(file).size > MAX_CONFIG_BYTES)
    throw new ConfigError('config_invalid', `${file}: larger than ${MAX_CONFIG_BYTES} bytes`);
  let doc: unknown;
  try {
    // The user's own file, but an agent may have written it: parsed only, its shape checked.
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `${file}: not JSON (${(e as Error).message})`,
      'fix or move the file aside, then run the command again',
      { cause: e },
    );
  }
  if (!isObject(doc)) throw new ConfigError('config_invalid', `${file}: expected a JSON object`);
  return doc;
}

/** The `mcpServers` object at `place` in `doc` (created when `create`), or undefined. */
export function serversIn(doc: Json, place: ConfigPlace, create: boolean): Json | undefined {
  let node: Json = doc;
  for (const key of [...place.at, 'mcpServers']) {
    const next = node[key];
    if (!isObject(next)) {
      if (!create) return undefined;
      if (next !== undefined)
        throw new ConfigError('config_invalid', `${place.file}: "${key}" is not a JSON object`);
      node[key] = {};
    }
    node = node[key] as Json;
  }
  return node;
}

export function writeConfig(file: string, doc: Json): void {
  mkdirSync(dirname(file), { recursive: true });
  const mode = existsSync(file) ? statSync(file).mode & 0o777 : 0o600;
  writeFileAtomic(file, `${JSON.stringify(doc, null, 2)}\n`, { mode });
}
