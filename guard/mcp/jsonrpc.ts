// JSON-RPC 2.0 as MCP uses it: requests, notifications, responses; decoded with a shape check.
import { GuardError } from '../errors.js';

export type Id = string | number;

export interface Message {
  jsonrpc: '2.0';
  id?: Id | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** This value is attacker-controlled (from the agent or the server); only the envelope is checked. */
export function parseMessage(line: string): Message {
  let doc: unknown;
  try {
    doc = JSON.parse(line);
  } catch {
    throw new GuardError('mcp_message_invalid', 'not JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new GuardError('mcp_message_invalid', 'not a JSON-RPC object');
  const m = doc as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') throw new GuardError('mcp_message_invalid', 'jsonrpc must be "2.0"');
  if (m.method !== undefined && typeof m.method !== 'string')
    throw new GuardError('mcp_message_invalid', 'method must be a string');
  if (m.id !== undefined && m.id !== null && typeof m.id !== 'string' && typeof m.id !== 'number')
    throw new GuardError('mcp_message_invalid', 'id must be a string or a number');
  if (m.method === undefined && m.id === undefined)
    throw new GuardError('mcp_message_invalid', 'neither a request nor a response');
  return m as unknown as Message;
}

export const isRequest = (m: Message): boolean =>
  m.method !== undefined && m.id !== undefined && m.id !== null;
export const isNotification = (m: Message): boolean =>
  m.method !== undefined && (m.id === undefined || m.id === null);
export const isResponse = (m: Message): boolean => m.method === undefined && m.id !== undefined;

/** Error codes: JSON-RPC's own, and an implementation-defined one for guard refusals. */
export const PARSE_ERROR = -32700;
export const INTERNAL_ERROR = -32603;
export const GUARD_REFUSED = -32001;

export function errorResponse(
  id: Id | null,
  code: number,
  message: string,
  data?: unknown,
): Message {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

export function key(id: Id): string {
  return `${typeof id}:${String(id)}`;
}
