// Cursor hooks, cursor.com/docs/hooks (read 2026-12-01 as fetched 2026-08-24), "Common schema" and
// "Hook events": every event carries conversation_id (our session), generation_id, hook_event_name,
// workspace_roots; preToolUse/postToolUse carry tool_name (Shell, Read, Write, Grep, Delete, Task,
// MCP:<tool>), tool_input (object), tool_use_id, cwd and, after the call, tool_output (a JSON string);
// beforeShellExecution carries command and cwd; beforeMCPExecution tool_name and tool_input (JSON
// params). Mapped onto the guard's hook input: Shell is Bash and an MCP tool is mcp__cursor__<tool>.
import { GuardError } from '../errors.js';
import { mcpToolName } from '../mcp/tool-name.js';
import { hookInputOf, parseHookJson, type HookInput } from './hook-input.js';

/** The Cursor events the guard decides; every other event gets an empty answer. */
export type CursorEvent =
  'preToolUse' | 'postToolUse' | 'beforeShellExecution' | 'beforeMCPExecution';

export interface CursorInput {
  event: CursorEvent;
  /** As the guard sees it: hook_event_name is PreToolUse or PostToolUse. */
  input: HookInput;
  mcp: boolean;
}

const MAX_OUTPUT_CHARS = 16 * 1024 * 1024;

function toolName(name: string): { tool: string; mcp: boolean } {
  if (name === 'Shell') return { tool: 'Bash', mcp: false };
  if (name.startsWith('MCP:')) return { tool: mcpToolName('cursor', name.slice(4)), mcp: true };
  return { tool: name, mcp: false };
}

/** A JSON string Cursor sends (tool_output, MCP params); attacker-influenced, decoded with bounds. */
function jsonText(v: unknown, field: string): unknown {
  if (typeof v !== 'string') return v;
  if (v.length > MAX_OUTPUT_CHARS)
    throw new GuardError('hook_input_invalid', `larger than ${MAX_OUTPUT_CHARS} characters`, field);
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/**
 * Cursor's stdin for one hook call, or null for an event the guard has nothing to say about.
 * The whole document is attacker-influenced (the model chose the tool input and saw the output).
 * @example parseCursorInput('{"hook_event_name":"preToolUse","conversation_id":"c","tool_name":"Shell","tool_input":{"command":"ls"}}')
 */
export function parseCursorInput(raw: string): CursorInput | null {
  const doc = parseHookJson(raw);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new GuardError('hook_input_invalid', 'hook input must be a JSON object');
  const d = doc as Record<string, unknown>;
  const event = d.hook_event_name;
  const base = {
    session_id: d.conversation_id,
    cwd: typeof d.cwd === 'string' ? d.cwd : '',
    tool_use_id: typeof d.tool_use_id === 'string' ? d.tool_use_id : '',
  };
  if (event === 'beforeShellExecution')
    return {
      event,
      mcp: false,
      input: hookInputOf({
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: d.command },
      }),
    };
  if (event !== 'preToolUse' && event !== 'postToolUse' && event !== 'beforeMCPExecution')
    return null;
  if (typeof d.tool_name !== 'string')
    throw new GuardError('hook_input_invalid', 'must be a string', 'tool_name');
  const named =
    event === 'beforeMCPExecution'
      ? { tool: mcpToolName('cursor', d.tool_name), mcp: true }
      : toolName(d.tool_name);
  const input = hookInputOf({
    ...base,
    hook_event_name: event === 'postToolUse' ? 'PostToolUse' : 'PreToolUse',
    tool_name: named.tool,
    tool_input: jsonText(d.tool_input ?? {}, 'tool_input'),
  });
  if (event === 'postToolUse') input.tool_response = jsonText(d.tool_output ?? null, 'tool_output');
  return { event, input, mcp: named.mcp };
}
