// docs/guard.md "Self-protection": the built-in policy every front door runs before any pack, which
// no pack can relax (BLOCK outranks every other verdict, and a community rule cannot allow). An agent's
// tool call may not change the node's state or the agent's control plane, nor run the `mesh`
// commands that change the guard's state; it may not read the node's keys.
import { homedir } from 'node:os';
import { relative, isAbsolute } from 'node:path';
import type { Condition, PolicyDoc, RuleDoc } from '../../guard/index.js';
import { PATH_FIELDS, SHELL_TOOLS, WRITE_TOOLS } from './tool-roles.js';

/** The policy's name in decisions, receipts and `mesh doctor`. */
export const SELF_PROTECTION = 'builtin:self-protection';

/** Claude Code settings and hooks (user, project, local, managed), MCP configs, Cursor and Codex. */
const CONTROL_PLANE =
  '\\.claude/settings(\\.local)?\\.json|\\.claude/hooks(/|$)|\\.claude\\.json|managed-settings\\.json|\\.mcp\\.json|\\.cursor/(mcp|hooks)\\.json|\\.codex/(config\\.toml|hooks)';
/** Files whose text the agent reads as its own instructions: a human confirms an edit. */
const INSTRUCTIONS =
  '(^|/)(CLAUDE|AGENTS|GEMINI)(\\.local)?\\.md$|(^|/)\\.cursorrules$|\\.cursor/rules/|copilot-instructions\\.md$';
/** Programs that write, move or delete what they are given, or a redirect into it. */
const SHELL_CHANGE = `((^|[\\s;&|(])(rm|mv|cp|tee|truncate|ln|install|dd|rsync|chmod|chown|unlink|shred)\\s[^;&|]*|>\\s*[^\\s;&|]*|sed\\s+(-[A-Za-z]*\\s+)*-i[^;&|]*)(${CONTROL_PLANE})`;
/** `mesh` subcommands that change the guard's state (global flags may come between). */
const MESH_COMMAND =
  '(^|[^A-Za-z0-9_.-])(mesh|mesh\\.js|interlock-mesh)(\\s+[^\\s;&|]+)*?\\s+(reviews\\s+(approve|reject)|report\\s+enable|guard\\s+mcp\\s+admit|publish|keys)(\\s|$|[;&|)])';

/** The ways a command or an argument can name the state folder. */
function stateForms(stateRoot: string, home: string): string[] {
  const forms = [stateRoot, '$MESH_HOME', '${MESH_HOME}'];
  const rel = relative(home, stateRoot);
  if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel))
    forms.push(`~/${rel}`, `$HOME/${rel}`, `\${HOME}/${rel}`);
  return forms;
}

const anyPath = (op: Record<string, unknown>): Condition =>
  ({ any: PATH_FIELDS.map((field) => ({ field, ...op })) }) as Condition;

function rule(
  id: string,
  verdict: 'block' | 'escalate',
  tools: string[] | null,
  when: Condition,
  reason: string,
): RuleDoc {
  return {
    id,
    verdict,
    phase: 'call',
    ...(tools === null ? {} : { tools }),
    when,
    reason,
  };
}

/**
 * The self-protection policy for the node whose state is at `stateRoot`.
 * @example compilePolicy(selfProtectionPolicy('/home/u/.mesh'), { name: SELF_PROTECTION })
 */
export function selfProtectionPolicy(stateRoot: string, home = homedir()): PolicyDoc {
  const forms = stateForms(stateRoot.replace(/\/+$/, ''), home);
  const keys = forms.map((f) => `${f}/keys`);
  const rules: RuleDoc[] = [
    rule(
      'self.key-read',
      'block',
      null,
      { field: 'args', contains: keys },
      "the node's keys are never read through an agent's tool call",
    ),
    rule(
      'self.state-write',
      'block',
      WRITE_TOOLS,
      anyPath({ contains: forms }),
      "the node's state (keys, receipts, reviews, subscriptions, config) is changed only by its operator",
    ),
    rule(
      'self.state-command',
      'block',
      [...SHELL_TOOLS, 'mcp__*'],
      { field: 'args', contains: forms },
      "a command or MCP tool may not touch the node's state folder",
    ),
    rule(
      'self.control-plane-write',
      'block',
      [...WRITE_TOOLS, 'mcp__*'],
      anyPath({ regex: CONTROL_PLANE }),
      "the agent's hooks, settings and MCP configuration are changed only by the user",
    ),
    rule(
      'self.control-plane-command',
      'block',
      SHELL_TOOLS,
      { field: 'args.command', regex: SHELL_CHANGE },
      "a command may not change the agent's hooks, settings or MCP configuration",
    ),
    rule(
      'self.control-plane-mention',
      'escalate',
      [...SHELL_TOOLS, 'mcp__*'],
      { field: 'args', regex: CONTROL_PLANE },
      "names the agent's hooks, settings or MCP configuration: a human decides",
    ),
    rule(
      'self.instructions-edit',
      'escalate',
      WRITE_TOOLS,
      anyPath({ regex: INSTRUCTIONS }),
      "edits the agent's instruction file: a human decides",
    ),
    rule(
      'self.mesh-command',
      'block',
      [...SHELL_TOOLS, 'mcp__*'],
      { field: 'args', regex: MESH_COMMAND },
      "changes the guard's state (reviews, reporting, admission, publishing, keys): only its operator runs that",
    ),
  ];
  return { format: 1, rules };
}
