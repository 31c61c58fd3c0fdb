// Canonical JSON as TUF 1.0.34 §4.2 uses it (OLPC canonical JSON as securesystemslib implements it).
// Strict: integers only (no floats, no -0, nothing beyond 2^53-1), keys sorted by code point,
// strings escape only '"' and '\'; anything else is refused rather than guessed.
import { MeshError } from './errors.js';

/** A JSON value as canonical JSON can carry it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Nesting deeper than this is refused. */
export const MAX_JSON_DEPTH = 64;

/** A value canonical JSON cannot carry (a float, -0, a lone surrogate, a class instance, depth). */
export class CanonicalJsonError extends MeshError<'canonical_json_invalid'> {
  override readonly name = 'CanonicalJsonError';
  constructor(message: string) {
    super('canonical_json_invalid', message);
  }
}

function byCodePoint(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const d = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function encodeString(s: string): string {
  if (LONE_SURROGATE.test(s)) throw new CanonicalJsonError('string is not valid Unicode');
  return `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function encode(v: unknown, depth: number, parts: string[]): void {
  if (depth > MAX_JSON_DEPTH) throw new CanonicalJsonError('nesting too deep');
  if (v === null) parts.push('null');
  else if (v === true) parts.push('true');
  else if (v === false) parts.push('false');
  else if (typeof v === 'string') parts.push(encodeString(v));
  else if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || Object.is(v, -0)) {
      throw new CanonicalJsonError(`number ${v} is not a safe integer`);
    }
    parts.push(String(v));
  } else if (Array.isArray(v)) {
    parts.push('[');
    v.forEach((x, i) => {
      if (i > 0) parts.push(',');
      encode(x, depth + 1, parts);
    });
    parts.push(']');
  } else if (typeof v === 'object' && isPlainObject(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    entries.sort(([a], [b]) => byCodePoint(a, b));
    parts.push('{');
    entries.forEach(([k, x], i) => {
      if (i > 0) parts.push(',');
      parts.push(encodeString(k), ':');
      encode(x, depth + 1, parts);
    });
    parts.push('}');
  } else {
    throw new CanonicalJsonError(`cannot encode a ${typeof v}`);
  }
}

/**
 * The canonical text of `value`: keys sorted by code point, no whitespace, integers only.
 *
 * @throws {CanonicalJsonError} canonical_json_invalid (a float, -0, a lone surrogate, a class
 * instance, nesting deeper than MAX_JSON_DEPTH)
 * @example
 * canonicalString({ b: 1, a: [true, 'x'] }); // '{"a":[true,"x"],"b":1}'
 */
export function canonicalString(value: JsonValue): string {
  const parts: string[] = [];
  encode(value, 0, parts);
  return parts.join('');
}

/** The canonical UTF-8 bytes: what TUF signatures are made over. */
export function canonicalBytes(value: JsonValue): Uint8Array {
  return new TextEncoder().encode(canonicalString(value));
}
