// JSON values as TUF metadata carries them (spec §4.2: metadata is canonical-JSON encodable).
import { MAX_JSON_DEPTH, type JsonObject, type JsonValue } from '../common/index.js';
import { TufError } from './errors.js';

export type { JsonObject, JsonValue };
/** Nesting deeper than this is refused before anything else looks at the document (common's). */
export { MAX_JSON_DEPTH };

/**
 * Whether nothing in the container `v` (at `depth`) sits deeper than MAX_JSON_DEPTH. Only containers
 * recurse: a document of 1,000 targets is some 2,000 calls, not one per value.
 */
function depthOk(v: object, depth: number): boolean {
  const children: readonly unknown[] = Array.isArray(v) ? v : Object.values(v);
  if (children.length > 0 && depth >= MAX_JSON_DEPTH) return false;
  for (let i = 0; i < children.length; i++) {
    const x = children[i];
    if (typeof x === 'object' && x !== null && !depthOk(x, depth + 1)) return false;
  }
  return true;
}

/** Parses bytes that were already length-capped by the caller; this value is attacker-controlled. */
export function parseJsonBytes(bytes: Uint8Array): JsonValue {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TufError('json_invalid', 'metadata is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new TufError('json_invalid', `metadata is not valid JSON: ${(e as Error).message}`, {
      cause: e,
    });
  }
  if (typeof value === 'object' && value !== null && !depthOk(value, 0))
    throw new TufError('json_invalid', 'metadata nests too deeply');
  return value as JsonValue;
}

export function isObject(v: JsonValue | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The fields of `obj` not named in `known`: kept so a re-serialised object loses nothing. */
export function unrecognizedFields(obj: JsonObject, known: readonly string[]): JsonObject {
  const out: JsonObject = {};
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (!known.includes(k)) out[k] = obj[k] as JsonValue;
  }
  return out;
}

/** The first field of `obj` not named in `known`: strict formats of our own refuse it. */
export function firstUnknownField(obj: JsonObject, known: readonly string[]): string | undefined {
  return Object.keys(obj).find((k) => !known.includes(k));
}
