// Canonical JSON as TUF 1.0.34 §4.2 uses it: common's encoder (OLPC canonical JSON as
// securesystemslib implements it), or the same text through JSON.stringify where that can make it
// (canonical-stringify.ts); a value it refuses is a TufError `canonical_json_invalid`, so every tuf/
// caller that catches TufError keeps treating it as a refusal of the document.
import {
  canonicalBytes as commonCanonicalBytes,
  canonicalString as commonCanonicalString,
  CanonicalJsonError,
  type JsonValue,
} from '../common/index.js';
import { stringifyCanonical } from './canonical-stringify.js';
import { TufError } from './errors.js';

function asTuf<T>(encode: () => T): T {
  try {
    return encode();
  } catch (e) {
    if (e instanceof CanonicalJsonError)
      throw new TufError('canonical_json_invalid', e.message, { cause: e });
    throw e;
  }
}

/** The canonical text of `value`; throws TufError('canonical_json_invalid') on anything non-canonical. */
export function canonicalString(value: JsonValue): string {
  return stringifyCanonical(value) ?? asTuf(() => commonCanonicalString(value));
}

/** The canonical UTF-8 bytes: what TUF signatures are made over. */
export function canonicalBytes(value: JsonValue): Uint8Array {
  const text = stringifyCanonical(value);
  return text === undefined
    ? asTuf(() => commonCanonicalBytes(value))
    : new TextEncoder().encode(text);
}
