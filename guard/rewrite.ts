// MODIFY: the rewritten args or result, built on a copy; a rewrite that cannot land fails closed.
import type { Finding } from './detectors/detector.js';
import type { FieldPath } from './rules/field.js';
import type { Json } from './rules/types.js';

export interface Rewritten {
  args: Record<string, unknown>;
  result: unknown;
  /** False when some rewrite named a path that does not hold a string: the caller must not allow. */
  complete: boolean;
}

function setAt(
  root: { v: unknown },
  parts: readonly string[],
  value: unknown,
  mustBeString: boolean,
): boolean {
  let holder: Record<string, unknown> | unknown[] = root;
  let key = 'v';
  for (const p of parts) {
    const cur: unknown = Array.isArray(holder) ? holder[Number(key)] : holder[key];
    if (cur === null || typeof cur !== 'object') return false;
    holder = cur as Record<string, unknown> | unknown[];
    key = p;
  }
  if (Array.isArray(holder)) {
    const i = Number(key);
    if (
      !Number.isInteger(i) ||
      i < 0 ||
      i >= holder.length ||
      (mustBeString && typeof holder[i] !== 'string')
    )
      return false;
    holder[i] = value;
    return true;
  }
  if (mustBeString && typeof holder[key] !== 'string') return false;
  holder[key] = value;
  return true;
}

export function applyRewrites(
  args: Record<string, unknown>,
  result: unknown,
  sets: readonly [FieldPath, Json][],
  findings: readonly Finding[],
): Rewritten {
  const doc = { v: structuredClone({ args, result }) as unknown };
  let complete = true;
  for (const [path, value] of sets)
    complete = setAt(doc, path, structuredClone(value), false) && complete;
  for (const f of findings) {
    if (f.rewrite === undefined) continue;
    complete = setAt(doc, f.path.split('.'), f.rewrite, true) && complete;
  }
  const out = doc.v as { args: Record<string, unknown>; result: unknown };
  return { args: out.args, result: out.result, complete };
}
