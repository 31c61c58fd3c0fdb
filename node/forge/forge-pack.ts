// docs/campaigns.md "The forge": the canary pack with the candidate rule added — its policy rule,
// its catalog entry (appended, so report vectors of the rules before it keep their coordinates),
// its content hash and tests, and the next patch version.
import { compilePack, ruleContentHash, type LoadedPack } from '../../packs/index.js';
import { ForgeError } from './errors.js';
import type { Candidate } from './candidate.js';

interface PackDoc {
  version: string;
  catalog: string[];
  rules?: Record<string, unknown>;
  policy: { rules: unknown[] };
  [k: string]: unknown;
}

function nextPatch(version: string): string {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) throw new ForgeError('forge_candidate_invalid', `pack version ${version} is not semver`);
  return `${m[1] ?? 0}.${m[2] ?? 0}.${Number(m[3] ?? 0) + 1}`;
}

/**
 * @throws {ForgeError} forge_candidate_invalid (a rule id the pack has, or a pack the candidate
 * makes invalid)
 * @example
 * const { bytes, pack } = packWithCandidate(currentBytes, candidate);
 */
export function packWithCandidate(
  base: Uint8Array,
  c: Candidate,
): { doc: PackDoc; bytes: Uint8Array; pack: LoadedPack } {
  const doc = JSON.parse(new TextDecoder().decode(base)) as PackDoc;
  if (doc.catalog.includes(c.rule.id))
    throw new ForgeError('forge_candidate_invalid', `the pack already has a rule ${c.rule.id}`, {
      hint: 'the campaign has a rule already: nothing to forge',
    });
  const next: PackDoc = {
    ...doc,
    version: nextPatch(doc.version),
    catalog: [...doc.catalog, c.rule.id],
    rules: {
      ...(doc.rules ?? {}),
      [c.rule.id]: { sha256: ruleContentHash(c.rule), tests: c.tests },
    },
    policy: { ...doc.policy, rules: [...doc.policy.rules, c.rule] },
  };
  let pack: LoadedPack;
  try {
    pack = compilePack(next, `candidate ${c.rule.id}`);
  } catch (e) {
    throw new ForgeError('forge_candidate_invalid', (e as Error).message, { cause: e });
  }
  if (pack.policy.quarantined.some((q) => q.id === c.rule.id))
    throw new ForgeError(
      'forge_candidate_invalid',
      `the candidate rule ${c.rule.id} does not compile: ${pack.policy.quarantined.find((q) => q.id === c.rule.id)?.message ?? ''}`,
    );
  return { doc: next, bytes: new TextEncoder().encode(`${JSON.stringify(next, null, 2)}\n`), pack };
}
