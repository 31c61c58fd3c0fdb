// docs/operator.md "Install the Claude Code hook": writes the guard's PreToolUse and PostToolUse hook
// into Claude Code's settings (the hooks section of its settings files, user, project or local
// scope) with absolute paths of node and of this package's CLI and the node's state directory, so the
// hook needs no PATH and no MESH_HOME from Claude Code. Idempotent; uninstall removes only its own.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { ConfigError } from '../errors.js';
import { packageRoot } from '../version.js';

export type SettingsScope = 'user' | 'project' | 'local';
export const SCOPES: readonly SettingsScope[] = ['user', 'project', 'local'];
const EVENTS = ['PreToolUse', 'PostToolUse'] as const;
const MAX_SETTINGS_BYTES = 1 << 20;
/** What marks a hook command as this guard's: the CLI words every install writes. */
const MARK = ' guard hook claude-code';

/** The settings file of a scope: ~/.claude/settings.json, or .claude/settings(.local).json in `cwd`. */
export function settingsPath(scope: SettingsScope, cwd: string, home = homedir()): string {
  if (scope === 'user') return join(home, '.claude', 'settings.json');
  return join(cwd, '.claude', scope === 'project' ? 'settings.json' : 'settings.local.json');
}

const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** The hook command: absolute node, absolute bin/mesh.js, the state directory, the packs. */
export function hookCommand(stateRoot: string, packs: readonly string[]): string {
  const bin = join(packageRoot(), 'bin', 'mesh.js');
  const words = [process.execPath, bin, '--state', stateRoot];
  return `${words.map(quote).join(' ')}${MARK} ${packs.map((p) => `--pack ${quote(p)}`).join(' ')}`;
}

type Json = Record<string, unknown>;
interface HookEntry {
  matcher?: string;
  hooks?: { type?: string; command?: string }[];
}

function readSettings(path: string): Json {
  if (!existsSync(path)) return {};
  if (statSync(path).size > MAX_SETTINGS_BYTES)
    throw new ConfigError('config_invalid', `${path}: larger than ${MAX_SETTINGS_BYTES} bytes`);
  let doc: unknown;
  try {
    // The user's own file, but an agent may have written it: parsed only, shape checked below.
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `${path}: not JSON (${(e as Error).message})`,
      'fix or move the file aside, then run the install again',
      { cause: e },
    );
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ConfigError('config_invalid', `${path}: expected a JSON object`);
  return doc as Json;
}

const ours = (h: { command?: string }): boolean =>
  typeof h.command === 'string' && h.command.includes(MARK);

/** The settings with this guard's hook entries removed (other hooks untouched). */
function without(doc: Json): Json {
  const hooks = doc.hooks;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) return doc;
  const next: Json = { ...(hooks as Json) };
  for (const ev of EVENTS) {
    const list = next[ev];
    if (!Array.isArray(list)) continue;
    const kept = (list as HookEntry[])
      .map((e) => ({ ...e, hooks: (e.hooks ?? []).filter((h) => !ours(h)) }))
      .filter((e) => e.hooks.length > 0);
    if (kept.length > 0) next[ev] = kept;
    else Reflect.deleteProperty(next, ev);
  }
  const out = { ...doc, hooks: next };
  if (Object.keys(next).length === 0) Reflect.deleteProperty(out, 'hooks');
  return out;
}

/** The guard's hook commands found in one settings file. */
export function installedCommands(path: string): string[] {
  const hooks = readSettings(path).hooks;
  if (typeof hooks !== 'object' || hooks === null) return [];
  const found: string[] = [];
  for (const ev of EVENTS) {
    const list = (hooks as Json)[ev];
    if (Array.isArray(list))
      for (const e of list as HookEntry[])
        for (const h of e.hooks ?? []) if (ours(h)) found.push(h.command as string);
  }
  return found;
}

export interface InstallResult {
  settings: string;
  command: string;
  changed: boolean;
}

function write(path: string, doc: Json): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(doc, null, 2)}\n`);
}

/**
 * Writes the hook for both events into the scope's settings; a second install changes nothing.
 * @throws ConfigError when the settings file is not a JSON object
 * @example installClaudeHook({ scope: 'user', cwd: process.cwd(), stateRoot, packs: ['builtin:coding-agent'] })
 */
export function installClaudeHook(o: {
  scope: SettingsScope;
  cwd: string;
  stateRoot: string;
  packs: readonly string[];
  home?: string;
}): InstallResult {
  const path = settingsPath(o.scope, o.cwd, o.home);
  const before = readSettings(path);
  const command = hookCommand(o.stateRoot, o.packs);
  const base = without(before);
  const hooks = { ...((base.hooks as Json | undefined) ?? {}) };
  for (const ev of EVENTS)
    hooks[ev] = [
      ...((hooks[ev] as HookEntry[] | undefined) ?? []),
      { matcher: '*', hooks: [{ type: 'command', command }] },
    ];
  const after = { ...base, hooks };
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed) write(path, after);
  return { settings: path, command, changed };
}

/**
 * Removes this guard's hook entries from the scope's settings (other hooks and keys stay).
 * @throws ConfigError when the settings file is not a JSON object
 * @example uninstallClaudeHook({ scope: 'project', cwd: process.cwd() })
 */
export function uninstallClaudeHook(o: { scope: SettingsScope; cwd: string; home?: string }): {
  settings: string;
  removed: number;
} {
  const path = settingsPath(o.scope, o.cwd, o.home);
  if (!existsSync(path)) return { settings: path, removed: 0 };
  const removed = installedCommands(path).length;
  if (removed > 0) write(path, without(readSettings(path)));
  return { settings: path, removed };
}
