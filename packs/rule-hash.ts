// The rule catalog's content hash (PACK_FORMAT 2): SHA-256 of the canonical JSON of one policy rule
// (POLICY_FORMAT rule document), so any change to what the rule does changes its hash.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../guard/index.js';

/** Hex SHA-256 over the canonical JSON of the rule document exactly as published in the policy. */
export function ruleContentHash(rule: unknown): string {
  return createHash('sha256').update(canonicalJson(rule)).digest('hex');
}
