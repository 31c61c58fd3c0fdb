// A credential pasted into a message (chat, email, an issue's comment) in no vendor format: "here's
// the prod datadog key: 1a448cef..." — a bare hex or base62 value right after a word that calls it a
// key, token or password. Commit hashes, UUIDs and key ids in deploy notes are not (docs/guard.md
// "Egress").
import { shannonEntropy } from '../flow/taint-policy.js';

/** A word that names what follows as a credential, and the few words between it and the value. */
const NAMED_VALUE =
  /(?<!\b(?:public|publishable|pub|host|signing|gpg|pgp)[ _-]?)\b(api[ _-]?key|app[ _-]?key|key|token|pat|password|passwd|pwd|secret|credentials?)\b(?![ _-]?(?:ids?|names?|fingerprints?|prefix|hash|sha|rotation|count|usage|limit|expir\w*)\b)[^.!?\n\w]{0,4}(?:\w+[^.!?\n\w]{1,3}){0,4}?([A-Za-z0-9_-]{20,128})(?![\w-])/gi;
/** Words between the name and the value that make the value something else: a commit, an id, a fix. */
const OTHER_THING =
  /\b(?:commit|sha|hash|digest|ids?|fingerprint|fix(?:es|ed)?|refresh|bucket|pr|pull|issue|build|version|release|run|job|request|trace|span|event|order|ticket|count|checksum|in|ssh|ecdsa)\b/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value shaped like a generated secret: long hex, or letters and digits mixed at high entropy. */
function secretShaped(v: string): boolean {
  if (UUID.test(v) || /^\d+$/.test(v)) return false;
  if (/^[0-9a-f]+$/i.test(v)) return v.length >= 32 && shannonEntropy(v) >= 3.3;
  return /\d/.test(v) && /[A-Za-z]/.test(v) && shannonEntropy(v) >= 3.7;
}

/** Most messages' text is short; a longer one is scanned up to this many characters. */
const MAX_TEXT = 65_536;

/**
 * The first credential-named, secret-shaped value in a message's text, or null. The text is the
 * caller's (an agent's words): the pattern is linear, bounded and applied only to message tools.
 */
export function keyInMessage(text: string): { name: string; value: string } | null {
  // a value is at least 20 characters: most messages' words are not scanned further
  if (text.length < 24) return null;
  const t = text.slice(0, MAX_TEXT);
  NAMED_VALUE.lastIndex = 0;
  for (let m = NAMED_VALUE.exec(t); m !== null; m = NAMED_VALUE.exec(t)) {
    const value = m[2] ?? '';
    const between = m[0].slice((m[1] ?? '').length, m[0].length - value.length);
    if (!OTHER_THING.test(between) && secretShaped(value))
      return { name: (m[1] ?? '').toLowerCase(), value };
  }
  return null;
}
