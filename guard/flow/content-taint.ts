// Content-based taint: the values of a tool result that are credentials by what they are (a secret
// format, or a credential-named assignment with a credential-shaped value), wherever the file was.
// Example and public files, identifiers and test names are not credentials (docs/guard.md "Content taint").
import { findSecrets } from '../detectors/secrets.js';
import { notPlaceholder } from '../detectors/secret-validators.js';
import { shannonEntropy } from './taint-policy.js';

/** `NAME=value`, `name: value`, `"name": "value"` where the name says it holds a credential. */
const ASSIGNMENT =
  /(?:^|[\s{,;])["']?(?:export\s+)?([A-Za-z0-9_.-]{0,40}(?:secret|token|passw(?:or)?d|pwd|api[_-]?key|apikey|private[_-]?key|access[_-]?key|credential|auth)[A-Za-z0-9_.-]{0,40})["']?\s*[:=]\s*["']?([^\s"'`,;#}]{12,256})/gim;

/**
 * File names and places whose content is examples, public material or tests, never live credentials.
 * `.env.default` is no template: fastlane and dotenv loaders read it as live settings, so only
 * other `*.default` files are.
 */
const NOT_CREDENTIAL_PLACE =
  /(?:\.(?:example|sample|template|tmpl|dist|defaults|pub)$|(?<!(?:^|\/)\.env)\.default$|(?:^|\/)(?:examples?|samples?|fixtures?|testdata|__fixtures__|docs?)\/|\.(?:test|spec)\.[a-z]+$|(?:^|\/)known_hosts$)/i;

/** True for a place whose contents never become content taint nor location taint. */
export function notCredentialPlace(label: string): boolean {
  return NOT_CREDENTIAL_PLACE.test(label);
}

/**
 * A token shaped like a credential rather than a word, identifier, path or version: letters and
 * digits mixed, enough entropy, and not a file name or dotted identifier.
 */
export function credentialShaped(v: string): boolean {
  if (v.length < 12 || !notPlaceholder(v)) return false;
  if (/^[A-Za-z_$][\w$]*(?:[.-][A-Za-z_$][\w$]*)*$/.test(v) && !/\d/.test(v)) return false;
  if (/^[\w./-]+\.(?:[a-z]{1,4})$/.test(v) && /[/.]/.test(v.slice(0, -5))) return false;
  if (/^(?:https?:\/\/|\/|~\/|\.\.?\/)/.test(v)) return false;
  if (/^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/.test(v)) return false;
  return /\d/.test(v) && /[A-Za-z]/.test(v) && shannonEntropy(v) >= 3.2;
}

/**
 * A generated password of letters only (`IZmvclRoTciKdnLj`): no digit, but at least two of its
 * case-delimited pieces are three or more letters with no vowel, which words and identifiers
 * (`resetTokenExpiry`) are not.
 */
function randomLetters(v: string): boolean {
  if (v.length < 12 || !/^[A-Za-z]+$/.test(v) || !notPlaceholder(v)) return false;
  let vowelless = 0;
  for (const piece of v.match(/[A-Z]?[a-z]{2,}/g) ?? [])
    if (piece.length >= 3 && !/[aeiouy]/.test(piece.slice(1))) vowelless++;
  return vowelless >= 2 && shannonEntropy(v) >= 3.5;
}

/** Most credential values one result contributes (a result is attacker-controlled text). */
const MAX_VALUES = 512;

/**
 * The credential values in a tool result's text. This text is attacker-controlled (a tool's output):
 * the scan is linear (bounded patterns) and the output bounded.
 */
export function credentialValues(text: string): string[] {
  const out = new Set<string>();
  for (const m of findSecrets(text)) {
    if (out.size >= MAX_VALUES) break;
    // A PEM header alone is not the key: its body lines are what would leave.
    if (m.kind === 'private_key') {
      const body = text.slice(m.end, m.end + 8192).split(/-----END /)[0] ?? '';
      for (const line of body.split(/\s+/)) if (line.length >= 32) out.add(line);
    } else out.add(m.value);
  }
  ASSIGNMENT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ASSIGNMENT.exec(text)) !== null && out.size < MAX_VALUES) {
    const value = m[2] ?? '';
    if (credentialShaped(value) || randomLetters(value)) out.add(value);
  }
  return [...out];
}
