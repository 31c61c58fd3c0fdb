// Values written to look like a credential in a test fixture or an example config
// (`whsec_test_fixture_0000`, `not-a-real-secret-123`, `mock_token_1`) and key material already
// cut out of a report (`-----BEGIN PRIVATE KEY-----REDACTED`) hold nothing to protect. A value
// with one random-looking part, or a key block with a body after the marker, still counts
// (docs/guard.md "Secret formats").

/** A word that says the value is made up for tests or examples, or a "not (a) real" phrase. */
const FIXTURE_WORD =
  /(?:^|[_.-])(?:fixtures?|fake|mock(?:ed)?|dummy|stub(?:bed)?|tests?|testing|placeholder|sample|example)(?=[_.-]|$)|not[_.-]?(?:a[_.-]?)?real/;
/** A part a person typed: one short single-case word, a few digits, one repeated digit. */
const TYPED_PART = /^(?:[a-z]{1,12}|[A-Z]{1,12}|[a-z]{1,8}\d{1,3}|\d{1,4}|(\d)\1*)$/;

/** True when `v` is a made-up value: a fixture word and no random-looking part. */
export function fixtureValue(v: string): boolean {
  if (v.length > 80 || !FIXTURE_WORD.test(v.toLowerCase())) return false;
  const parts = v.split(/[_.-]+/).filter((p) => p !== '');
  return parts.length >= 2 && parts.every((p) => TYPED_PART.test(p));
}

/** A redaction marker in a key's place: `REDACTED`, `[redacted]`, `<redacted>`, `***`, `...`. */
const MARKER = /^[ \t]*(?:\[?REDACTED\]?|<REDACTED>|\*{3,}|\.{3}|…)/i;
/** Base64 key body: a run no marker or header holds. */
const BODY = /[A-Za-z0-9+/=]{40}/;

/**
 * True when the key header ending at `end` in `input` is followed by a redaction marker and no key
 * body comes in the next lines (a body after the marker is still key material).
 */
export function redactedKeyBlock(input: string, end: number): boolean {
  const after = input.slice(end, end + 400);
  return MARKER.test(after) && !BODY.test(after.replace(/\\n/g, '\n'));
}
