// Typed reads of metadata fields (TUF 1.0.34 §4): every wrong shape is a coded refusal.
import { TufError } from '../errors.js';
import { isObject, type JsonObject, type JsonValue } from '../json.js';

function bad(where: string, what: string): TufError {
  return new TufError('metadata_invalid', `${where}: ${what}`);
}

export function asObject(v: JsonValue | undefined, where: string): JsonObject {
  if (!isObject(v)) throw bad(where, 'expected an object');
  return v;
}

export function str(o: JsonObject, k: string, where: string): string {
  const v = o[k];
  if (typeof v !== 'string') throw bad(where, `"${k}" must be a string`);
  return v;
}

export function int(o: JsonObject, k: string, where: string, min = 0): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw bad(where, `"${k}" must be an integer >= ${min}`);
  }
  return v;
}

export function bool(o: JsonObject, k: string, where: string): boolean {
  const v = o[k];
  if (typeof v !== 'boolean') throw bad(where, `"${k}" must be a boolean`);
  return v;
}

export function strings(o: JsonObject, k: string, where: string): string[] {
  const v = o[k];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw bad(where, `"${k}" must be a list of strings`);
  }
  return v;
}

export function uniqueStrings(o: JsonObject, k: string, where: string): string[] {
  const v = strings(o, k, where);
  if (new Set(v).size !== v.length) throw bad(where, `"${k}" has duplicates`);
  return v;
}

/** A map of name to hex digest, as `hashes` is written (§4.4, §4.5). */
export function hashes(o: JsonObject, k: string, where: string): Record<string, string> {
  const v = asObject(o[k], `${where}.${k}`);
  const out: Record<string, string> = {};
  const algs = Object.keys(v);
  for (let i = 0; i < algs.length; i++) {
    const alg = algs[i] as string;
    const h = v[alg];
    if (typeof h !== 'string') throw bad(where, `hash ${alg} must be a string`);
    out[alg] = h;
  }
  if (algs.length === 0) throw bad(where, `"${k}" must not be empty`);
  return out;
}
