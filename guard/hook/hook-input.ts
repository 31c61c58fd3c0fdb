// Claude Code hooks reference, "Hook input": the JSON object a command hook reads on stdin for
// PreToolUse and PostToolUse (session_id, transcript_path, cwd, permission_mode, hook_event_name,
// tool_name, tool_input, tool_response, tool_use_id). Decoded with bounds into a typed value.
import { GuardError } from '../errors.js';

export const MAX_HOOK_INPUT_BYTES = 16 * 1024 * 1024;

export interface HookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode: string;
  hook_event_name: string;
  tool_name: string;
  tool_input: Record<string, unknown>;
  /** PostToolUse only: what the tool returned. */
  tool_response?: unknown;
  tool_use_id: string;
}

function bad(message: string, path?: string): never {
  throw new GuardError('hook_input_invalid', message, path);
}

function text(doc: Record<string, unknown>, key: string, required: boolean, max = 4096): string {
  const v = doc[key];
  if (v === undefined && !required) return '';
  if (typeof v !== 'string' || v.length > max)
    bad(`must be a string of at most ${max} characters`, key);
  return v;
}

/** This value is attacker-influenced (the model chose the tool input); bounded and typed here. */
export function parseHookInput(raw: string): HookInput {
  return hookInputOf(parseHookJson(raw));
}

/** The JSON a hook reads on stdin, bounded; attacker-influenced (the model chose the tool input). */
export function parseHookJson(raw: string): unknown {
  if (Buffer.byteLength(raw, 'utf8') > MAX_HOOK_INPUT_BYTES)
    bad(`hook input larger than ${MAX_HOOK_INPUT_BYTES} bytes`);
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    bad(`hook input is not JSON (${(e as Error).message.slice(0, 120)})`);
  }
  return doc;
}

/** A decoded hook input object, typed and bounded; other doors map their fields onto it first. */
export function hookInputOf(doc: unknown): HookInput {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    bad('hook input must be a JSON object');
  const d = doc as Record<string, unknown>;
  const input: unknown = d.tool_input === undefined ? {} : d.tool_input;
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    bad('must be a JSON object', 'tool_input');
  const out: HookInput = {
    session_id: text(d, 'session_id', true, 256),
    transcript_path: text(d, 'transcript_path', false),
    cwd: text(d, 'cwd', false),
    permission_mode: text(d, 'permission_mode', false, 64),
    hook_event_name: text(d, 'hook_event_name', true, 64),
    tool_name: text(
      d,
      'tool_name',
      d.hook_event_name === 'PreToolUse' || d.hook_event_name === 'PostToolUse',
      256,
    ),
    tool_input: input as Record<string, unknown>,
    tool_use_id: text(d, 'tool_use_id', false, 256),
  };
  if (d.tool_response !== undefined) out.tool_response = d.tool_response;
  if (out.session_id.length === 0) bad('must not be empty', 'session_id');
  return out;
}
