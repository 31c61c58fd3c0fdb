// Parameter validation shared by detectors: closed key sets, typed values, errors that name the path.
import { RuleError } from '../errors.js';
import type { Json } from '../rules/types.js';

export type Params = Record<string, Json> | undefined;

export function checkKeys(
  params: Params,
  allowed: readonly string[],
  path: string,
): Record<string, Json> {
  const p = params ?? {};
  for (const k of Object.keys(p))
    if (!allowed.includes(k))
      throw new RuleError(
        null,
        `unknown parameter (allowed: ${allowed.join(', ') || 'none'})`,
        `${path}.${k}`,
      );
  return p;
}

export function enumParam<T extends string>(
  p: Record<string, Json>,
  key: string,
  values: readonly T[],
  fallback: T,
  path: string,
): T {
  const v = p[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
    throw new RuleError(null, `must be one of ${values.join(', ')}`, `${path}.${key}`);
  return v as T;
}

export function listParam(
  p: Record<string, Json>,
  key: string,
  path: string,
  allowed?: readonly string[],
): string[] | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (
    !Array.isArray(v) ||
    v.length > 10_000 ||
    !v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 1024)
  )
    throw new RuleError(null, 'must be a list of non-empty strings', `${path}.${key}`);
  const list = v as string[];
  const badItem = allowed === undefined ? undefined : list.find((x) => !allowed.includes(x));
  if (badItem !== undefined)
    throw new RuleError(
      null,
      `unknown value "${badItem}" (allowed: ${(allowed ?? []).join(', ')})`,
      `${path}.${key}`,
    );
  return list;
}

export function intParam(p: Record<string, Json>, key: string, path: string): number | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    throw new RuleError(null, 'must be a positive integer', `${path}.${key}`);
  return v;
}
