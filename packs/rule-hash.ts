// The rule catalog's content hash (PACK_FORMAT 2): SHA-256 of the canonical JSON of one policy rule
// (POLICY_FORMAT rule document), so any change to what the rule does changes its hash.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../guard/index.js';

/** Hex SHA-256 over the canonical JSON of the rule document exactly as published in the policy. */
export function ruleContentHash(rule: unknown): string {
  return createHash('sha256').update(canonicalJson(rule)).digest('hex');
}

/**
 * Recomputes every rule's `sha256` of a pack document in place (pack_format 2): the entry of each
 * policy rule gets the hash of the rule as it now stands. Returns the ids whose hash changed.
 * @example
 * const changed = rehashPack(doc); // then write doc back
 */
export function rehashPack(doc: {
  policy?: { rules?: unknown[] };
  rules?: Record<string, { sha256?: string }>;
}): string[] {
  const changed: string[] = [];
  const entries = (doc.rules ??= {});
  for (const r of doc.policy?.rules ?? []) {
    const id = (r as { id?: unknown }).id;
    if (typeof id !== 'string') continue;
    const entry = (entries[id] ??= {});
    const h = ruleContentHash(r);
    if (entry.sha256 !== h) changed.push(id);
    entry.sha256 = h;
  }
  return changed;
}

/** A pack skeleton that validates: one rule with five match and five no_match examples. */
export function packSkeleton(name: string): Record<string, unknown> {
  const rule = {
    id: `${name}.example-delete`,
    verdict: 'escalate',
    tools: ['Bash'],
    phase: 'call',
    when: { field: 'args.command', regex: '\\brm\\s+-[a-zA-Z]*r' },
    reason: 'a recursive delete needs a human',
  };
  const ex = (n: string, command: string): object => ({
    name: n,
    event: { phase: 'call', tool: 'Bash', args: { command } },
  });
  return {
    pack_format: 2,
    name,
    version: '0.1.0',
    licence: 'Apache-2.0',
    description: 'Describe what this pack guards.',
    catalog: [rule.id],
    rules: {
      [rule.id]: {
        sha256: ruleContentHash(rule),
        tests: {
          match: ['rm -r build', 'rm -rf dist', 'rm -fr out', 'cd x && rm -r y', 'rm -vr tmp'].map(
            (c, i) => ex(`delete ${i + 1}`, c),
          ),
          no_match: ['rm file.txt', 'ls -r', 'git rm --cached a', 'echo rm', 'npm test'].map(
            (c, i) => ex(`benign ${i + 1}`, c),
          ),
        },
      },
    },
    policy: { format: 1, rules: [rule] },
  };
}
