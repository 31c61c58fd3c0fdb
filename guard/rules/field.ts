// Event field paths (`args.command`, `result.items.0.text`): lookup and the string leaves below a path.
import type { GuardEvent } from '../event.js';

export type FieldPath = readonly string[];

const ROOTS = new Set(['phase', 'tool', 'args', 'result', 'session', 'principal', 'origins']);
const SEGMENT = /^[A-Za-z0-9_$@.-]{1,128}$/;

/** Parses a field path; returns null when it is not one (the caller reports where). */
export function parseFieldPath(text: string): FieldPath | null {
  if (text.length === 0 || text.length > 512) return null;
  const parts = text.split('.');
  if (!ROOTS.has(parts[0] ?? '') || parts.length > 16) return null;
  return parts.every((p) => SEGMENT.test(p)) ? parts : null;
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
  for (const [k, v] of Object.entries(value)) {
    const hit = findString(v, `${path}.${k}`, visit);
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
