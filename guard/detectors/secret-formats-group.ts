// Secret formats: many formats as one pattern of a group kind, so the screen every text meets gains
// one alternative per group rather than one per service (docs/guard.md "Secret formats").
import type { SecretPattern } from './secret-patterns.js';
import { mixed, prefixed } from './secret-validators.js';

/** One format of a group: its name (the service), the token's body and its validator. */
export interface Format {
  name: string;
  body: string;
  valid: SecretPattern['valid'];
}

export const format = (name: string, body: string, valid: SecretPattern['valid']): Format => ({
  name,
  body,
  valid,
});

/**
 * Prefixed formats as one pattern of kind `kind`: one alternative in the screen in front of the
 * formats, not one per service. A match counts when a format whose body it is agrees.
 */
export function prefixedGroup(kind: string, formats: readonly Format[]): SecretPattern {
  const exact = formats.map((f) => ({ re: new RegExp(`^(?:${f.body})$`), valid: f.valid }));
  return {
    ...prefixed(kind, formats.map((f) => `(?:${f.body})`).join('|'), (v, m) =>
      exact.some((f) => f.re.test(v) && f.valid(v, m)),
    ),
    formats: formats.map((f) => f.name),
  };
}

/** A service known only by name: the words that say it and its key's value shape. */
export interface KeyedFormat {
  name: string;
  words: readonly string[];
  value: string;
}

const CREDENTIAL_WORD = '(?:key|token|secret|pass|pwd|auth|credential|pat)';

/**
 * Services whose keys have no distinctive shape, as one pattern: only an assignment whose name says
 * a service and a credential word (`DATADOG_API_KEY=`, `"twilio_auth_token":`), in any letter case,
 * with a value of that service's key shape (exact alphabet and length, letters and digits mixed).
 */
export function keyedGroup(kind: string, services: readonly KeyedFormat[]): SecretPattern {
  const words = services.flatMap((s) => s.words);
  const each = services.map((s) => ({
    words: s.words,
    value: new RegExp(`^(?:${s.value})$`),
  }));
  const valid = mixed(3);
  return {
    kind,
    re: new RegExp(
      `(?<![A-Za-z0-9])(?:${words.join('|')})[A-Za-z0-9_.-]{0,24}?${CREDENTIAL_WORD}[A-Za-z0-9_.-]{0,12}["']?\\s*[:=]\\s*["']?([A-Za-z0-9_=+/.-]{16,100})(?![A-Za-z0-9_=+/.-])`,
      'gi',
    ),
    valid: (v, m) => {
      const name = m[0].slice(0, m[0].length - v.length).toLowerCase();
      return (
        valid(v) && each.some((s) => s.words.some((w) => name.startsWith(w)) && s.value.test(v))
      );
    },
    formats: services.map((s) => s.name),
  };
}
