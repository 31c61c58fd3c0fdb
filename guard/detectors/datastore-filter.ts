// `datastore-filter`: a database tool's bulk write (delete_many, update_many) with no filter or an
// empty one (`{}`, `"{}"`) reaches every document of the collection, as a drop does
// (docs/guard.md "Shell analysis"). Only the argument keys a filter goes by are read.
import type { Detector, Finding } from './detector.js';
import { checkKeys } from './params.js';

const FILTER_KEYS = ['filter', 'query', 'where', 'selector', 'match'] as const;

/** True when `v` selects nothing narrower than everything. */
export function isEmptyFilter(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return /^\s*(?:\{\s*\}|)\s*$/.test(v);
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  for (const k in v) if (Object.hasOwn(v, k)) return false;
  return true;
}

export const datastoreFilterDetector: Detector<null> = {
  name: 'datastore-filter',
  rewrites: () => false,
  parseParams(params, path) {
    checkKeys(params, [], path);
    return null;
  },
  scan(value, path): Finding[] {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
    const args = value as Record<string, unknown>;
    const named = FILTER_KEYS.filter((k) => Object.hasOwn(args, k));
    if (named.some((k) => !isEmptyFilter(args[k]))) return [];
    return [{ path, reason: 'a bulk write with an empty filter reaches every document' }];
  },
};
