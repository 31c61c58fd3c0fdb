// docs/architecture.md "Guard event": the one event shape every front door hands the engine, decoded with bounds.
import { GuardError } from './errors.js';

export type Phase = 'call' | 'result';

export interface GuardEvent {
  phase: Phase;
  tool: string;
  args: Record<string, unknown>;
  /** The tool's output (phase "result"): text or JSON. */
  result?: unknown;
  session?: string;
  principal?: string;
  /** The agent's working directory, where the front door knows it (relative paths resolve there). */
  cwd?: string;
  /** Where the data in this event came from (e.g. `web:https://x.test`), for flow rules. */
  origins?: string[];
}

export interface EventLimits {
  /** Largest JSON nesting depth of args/result. */
  maxDepth: number;
  /** Most keys plus array items across the whole event. */
  maxNodes: number;
  /** Longest string anywhere in the event, in UTF-16 units. */
  maxString: number;
  /** Longest tool, session or principal name. */
  maxName: number;
}

export const DEFAULT_EVENT_LIMITS: EventLimits = {
  maxDepth: 64,
  maxNodes: 100_000,
  maxString: 4 * 1024 * 1024,
  maxName: 256,
};

function fail(message: string, path?: string): never {
  throw new GuardError('event_invalid', message, path);
}

/**
 * Where measure is: the root's name and the keys and indexes below it. The path string is built
 * only for an error, so an event that is within bounds costs no string per value.
 */
interface Walk {
  root: string;
  keys: (string | number)[];
  nodes: number;
}

function pathOf(w: Walk): string {
  let path = w.root;
  for (const k of w.keys) path += typeof k === 'number' ? `[${k}]` : `.${k}`;
  return path;
}

function measure(value: unknown, depth: number, limits: EventLimits, w: Walk): void {
  if (--w.nodes < 0)
    throw new GuardError('event_too_large', `more than ${limits.maxNodes} values`, pathOf(w));
  if (typeof value === 'string') {
    if (value.length > limits.maxString)
      throw new GuardError('event_too_large', `string longer than ${limits.maxString}`, pathOf(w));
    return;
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' || typeof value === 'boolean') return;
    fail(`unsupported value of type ${typeof value}`, pathOf(w));
  }
  if (depth >= limits.maxDepth)
    throw new GuardError('event_too_large', `nested deeper than ${limits.maxDepth}`, pathOf(w));
  if (Array.isArray(value)) {
    // forEach skips holes: a hole is no value to count (JSON has none)
    value.forEach((v: unknown, i) => {
      w.keys.push(i);
      measure(v, depth + 1, limits, w);
      w.keys.pop();
    });
    return;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    w.keys.push(k);
    measure((value as Record<string, unknown>)[k], depth + 1, limits, w);
    w.keys.pop();
  }
}

function optionalName(
  doc: Record<string, unknown>,
  key: string,
  limits: EventLimits,
): string | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length === 0 || v.length > limits.maxName)
    fail(`must be a non-empty string of at most ${limits.maxName} characters`, key);
  return v;
}

/**
 * An absolute working folder: POSIX (`/home/dev/app`), a Windows drive (`C:\Users\dev\app`,
 * `C:/src`) or a UNC share (`\\server\share\app`): agents on Windows report their folder so.
 */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;

/** Decodes one event; this value is attacker-controlled (it is whatever the agent produced). */
export function parseEvent(input: unknown, limits: EventLimits = DEFAULT_EVENT_LIMITS): GuardEvent {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    fail('event must be a JSON object');
  const doc = input as Record<string, unknown>;
  const phase = doc.phase;
  if (phase !== 'call' && phase !== 'result') fail('must be "call" or "result"', 'phase');
  const tool = doc.tool;
  if (typeof tool !== 'string' || tool.length === 0 || tool.length > limits.maxName)
    fail(`must be a non-empty string of at most ${limits.maxName} characters`, 'tool');
  const args = doc.args ?? {};
  if (typeof args !== 'object' || Array.isArray(args)) fail('must be a JSON object', 'args');
  measure(args, 1, limits, { root: 'args', keys: [], nodes: limits.maxNodes });
  if (doc.result !== undefined)
    measure(doc.result, 1, limits, { root: 'result', keys: [], nodes: limits.maxNodes });
  const result = doc.result;
  const session = optionalName(doc, 'session', limits);
  const principal = optionalName(doc, 'principal', limits);
  const cwd = doc.cwd ?? undefined;
  if (
    cwd !== undefined &&
    (typeof cwd !== 'string' || !ABSOLUTE.test(cwd) || cwd.length > 4096 || cwd.includes('\0'))
  )
    fail('must be an absolute path of at most 4096 characters', 'cwd');
  const origins = doc.origins;
  if (
    origins !== undefined &&
    (!Array.isArray(origins) ||
      origins.length > 1024 ||
      !origins.every((x) => typeof x === 'string' && x.length <= 4096))
  )
    fail('must be an array of at most 1024 strings', 'origins');
  // One shape for every event, the absent fields undefined: an object whose keys depended on which
  // fields the agent sent would give each combination its own hidden class, and the engine's hot
  // functions, having met several, run slower for every event (docs/guard.md "Performance").
  return {
    phase,
    tool,
    args: args as Record<string, unknown>,
    result,
    session,
    principal,
    cwd,
    origins: origins as string[] | undefined,
  };
}
