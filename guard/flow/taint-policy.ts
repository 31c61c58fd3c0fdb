// Flow and taint: what may become taint (minimum length, entropy floor), and result tokens.
import type { FlowLimits } from './flow-limits.js';
import { plainWordValues, wordKeys, wordName } from './word-names.js';

/** Shannon entropy of the characters of `s`, in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let total = 0;
  for (const n of counts.values()) total += n;
  let h = 0;
  for (const n of counts.values()) {
    const p = n / total;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Why a value may not become taint, or null when it may. */
export function taintRefusal(value: string, limits: FlowLimits): string | null {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < limits.minTaintLength) return `shorter than ${limits.minTaintLength} bytes`;
  if (value.trim().length < value.length / 2) return 'mostly whitespace';
  if (shannonEntropy(value) < limits.entropyFloor)
    return `entropy below ${limits.entropyFloor} bits per character`;
  return null;
}

// Separators of structured text: a token is what sits between them (keys, values, words).
const TOKEN_SPLIT = /[\s"'`=:,;(){}[\]<>|\\]+/u;

/** An environment variable name (`OPENAI_API_KEY`): a calling command names it, never leaks it. */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** A bare public host or host path (`//registry.npmjs.org/`): the address a file names, not a secret. */
const BARE_HOST = /^(?:https?)?(?:\/\/)?[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\/?$/;

/**
 * True for a token of a sensitive file that is a name or an address rather than a value: calls
 * routinely carry these (docs/guard.md "Content taint"), while secret values stay taint.
 */
export function nameNotValue(token: string): boolean {
  return ENV_NAME.test(token) || BARE_HOST.test(token);
}

/**
 * The taint a sensitive tool result contributes: its high-entropy tokens, so that whitespace,
 * prose and boilerplate never become taint. This value is attacker-controlled (a tool's output).
 */
export function resultTokens(text: string, limits: FlowLimits, maxTokens = 4096): string[] {
  const out = new Set<string>();
  const keys = wordKeys(text);
  const settings = plainWordValues(text);
  for (const token of text.split(TOKEN_SPLIT)) {
    if (out.size >= maxTokens) break;
    const kept =
      token.length > limits.maxTaintLength ? token.slice(0, limits.maxTaintLength) : token;
    if (
      taintRefusal(kept, limits) === null &&
      !nameNotValue(kept) &&
      !wordName(kept, keys, text) &&
      !settings.has(kept)
    )
      out.add(kept);
  }
  return [...out];
}
