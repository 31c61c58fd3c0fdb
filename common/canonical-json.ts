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
/** What a string must hold for its encoding to differ from `"${s}"` or to be refused. */
const NEEDS_CARE = /["\\\uD800-\uDFFF]/;
/** Keys without these sort the same by UTF-16 code unit (the default sort) as by code point. */
const ABOVE_SURROGATES = /[\uD800-\uFFFF]/;

function encodeString(s: string): string {
  if (!NEEDS_CARE.test(s)) return `"${s}"`;
  if (LONE_SURROGATE.test(s)) throw new CanonicalJsonError('string is not valid Unicode');
  return `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Keys in code point order: the default sort unless a key reaches the surrogate range. */
function sortedKeys(o: object): string[] {
  const keys = Object.keys(o);
  if (keys.some((k) => ABOVE_SURROGATES.test(k))) return keys.sort(byCodePoint);
  return keys.sort();
}

// One string built by concatenation (V8 joins the pieces once, when the bytes are taken): signature
// checks encode every signed document, so this is on the start-up path of every TUF refresh.
function encode(v: unknown, depth: number): string {
  if (depth > MAX_JSON_DEPTH) throw new CanonicalJsonError('nesting too deep');
  switch (typeof v) {
    case 'string':
      return encodeString(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(v) || Object.is(v, -0)) {
        throw new CanonicalJsonError(`number ${v} is not a safe integer`);
      }
      return String(v);
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i > 0 ? ',' : '') + encode(v[i], depth + 1);
        return `${out}]`;
      }
      if (!isPlainObject(v)) break;
      const o = v as Record<string, unknown>;
      let out = '{';
      let first = true;
      for (const k of sortedKeys(o)) {
        out += `${first ? '' : ','}${encodeString(k)}:${encode(o[k], depth + 1)}`;
        first = false;
      }
      return `${out}}`;
    }
  }
  throw new CanonicalJsonError(`cannot encode a ${typeof v}`);
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
  return encode(value, 0);
}

/** The canonical UTF-8 bytes: what TUF signatures are made over. */
export function canonicalBytes(value: JsonValue): Uint8Array {
  return new TextEncoder().encode(canonicalString(value));
}
