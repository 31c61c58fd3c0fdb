// Event field paths (`args.command`, `result.items.0.text`): lookup and the string leaves below a path.
import type { GuardEvent } from '../event.js';
import { BoundedMemo } from '../flow/bounded-memo.js';

export type FieldPath = readonly string[];

const ROOTS = new Set(['phase', 'tool', 'args', 'result', 'session', 'principal', 'origins']);
const SEGMENT = /^[A-Za-z0-9_$@.-]{1,128}$/;

/**
 * Parsed paths by their text, shared (frozen): a pack names the same few fields in thousands of
 * rules, and one array per rule is memory that every rule keeps and the GC copies while it loads.
 */
const PARSED = new BoundedMemo<string, FieldPath | null>(1024);

/** Parses a field path; returns null when it is not one (the caller reports where). */
export function parseFieldPath(text: string): FieldPath | null {
  let parsed = PARSED.get(text);
  if (parsed === undefined) {
    parsed = readFieldPath(text);
    PARSED.set(text, parsed);
  }
  return parsed;
}

function readFieldPath(text: string): FieldPath | null {
  if (text.length === 0 || text.length > 512) return null;
  const parts = text.split('.');
  if (!ROOTS.has(parts[0] ?? '') || parts.length > 16) return null;
  return parts.every((p) => SEGMENT.test(p)) ? Object.freeze(parts) : null;
}

export function getField(event: GuardEvent, path: FieldPath): unknown {
  let v: unknown = event;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    if (Array.isArray(v)) v = /^\d+$/.test(key) ? v[Number(key)] : undefined;
    else v = Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

/** Calls `visit` with every string at or below `value` until it returns true; yields that path. */
export function findString(
  value: unknown,
  path: string,
  visit: (s: string, path: string) => boolean,
): string | null {
  if (typeof value === 'string') return visit(value, path) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findString(value[i], `${path}.${i}`, visit);
      if (hit !== null) return hit;
    }
    return null;
  }
  // own enumerable keys in Object.entries' order, without its array of pairs per object
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const hit = findString((value as Record<string, unknown>)[k], `${path}.${k}`, visit);
    if (hit !== null) return hit;
  }
  return null;
}

/** Calls `visit` with every string at or below `value`, with its path. */
export function eachString(
  value: unknown,
  path: string,
  visit: (s: string, path: string) => void,
): void {
  findString(value, path, (s, p) => {
    visit(s, p);
    return false;
  });
}
