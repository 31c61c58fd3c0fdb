// Canonical JSON (TUF 1.0.34 §4.2) through the engine's JSON.stringify, for the values where its text
// is exactly the canonical text: a client encodes every document it checks a signature of, and a
// walk of 1,000 targets is mostly JSON objects whose keys only need sorting. One pass checks the
// value and sorts the keys of the objects that need it (copies; the value itself is left as it is),
// then JSON.stringify writes the text natively. Anything else is left to common's encoder, which
// also says why a value cannot be encoded. Values are plain data, read once (no accessors).
import { MAX_JSON_DEPTH } from '../common/index.js';

/**
 * JSON.stringify's text differs from the canonical one only by its escapes (canonical JSON escapes
 * just '"' and '\'; JSON.stringify also control characters and lone surrogates) and, for key order,
 * where UTF-16 and code point order part: characters from U+D800 up.
 */
const NOT_CANONICAL_TEXT = /\\[^"\\]|[\uD800-\uFFFF]/;
/** Keys an object keeps first in numeric order, whatever order they were added in. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
const REFUSED = Symbol('refused');

function isArrayIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 0x30 && c <= 0x39 && ARRAY_INDEX.test(k) && Number(k) < 4294967295;
}

/** `v` with every object's keys in sorted order (copies where they are not), or REFUSED. */
function sortedKeys(v: unknown, depth: number): unknown {
  // common's encoder refuses any value deeper than MAX_JSON_DEPTH (the root is at depth 0)
  if (depth > MAX_JSON_DEPTH) return REFUSED;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isSafeInteger(v) && !Object.is(v, -0) ? v : REFUSED;
    case 'object': {
      if (v === null) return v;
      if (Array.isArray(v)) {
        let out: unknown[] = v;
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          const y = sortedKeys(x, depth + 1);
          if (y === REFUSED) return REFUSED;
          if (y !== x) {
            if (out === v) out = v.slice();
            out[i] = y;
          }
        }
        return out;
      }
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return REFUSED;
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      let sorted = true;
      for (let i = 1; i < keys.length && sorted; i++)
        sorted = (keys[i - 1] as string) < (keys[i] as string);
      if (!sorted) keys.sort();
      // a new object only when needed; no prototype, so "__proto__" is an own key like any other
      let out = o;
      if (!sorted) out = Object.create(null) as Record<string, unknown>;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as string;
        // the engine would list these first in numeric order, not where they were added
        if (!sorted && isArrayIndex(k)) return REFUSED;
        const x = o[k];
        const y = sortedKeys(x, depth + 1);
        if (y === REFUSED) return REFUSED;
        if (y !== x && out === o) out = Object.assign(Object.create(null) as object, o);
        if (out !== o) out[k] = y;
      }
      return out;
    }
  }
  return REFUSED;
}

/**
 * The canonical text of `value` when JSON.stringify can make it, else undefined: never a different
 * text. Undefined for anything canonical JSON refuses (floats, -0, undefined, class instances,
 * nesting past MAX_JSON_DEPTH, lone surrogates) and for text common's encoder writes otherwise
 * (control characters, keys of U+D800 and above, array-index keys out of sorted order).
 */
export function stringifyCanonical(value: unknown): string | undefined {
  // a toJSON every object inherits would rewrite what JSON.stringify writes
  if ('toJSON' in Object.prototype || 'toJSON' in Array.prototype) return undefined;
  const sorted = sortedKeys(value, 0);
  if (sorted === REFUSED) return undefined;
  const text = JSON.stringify(sorted) as string | undefined;
  if (text === undefined || NOT_CANONICAL_TEXT.test(text)) return undefined;
  return text;
}
