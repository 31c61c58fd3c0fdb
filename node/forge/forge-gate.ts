// docs/campaigns.md "The forge": the harness gate of `mesh harness` (docs/packs.md), for one new
// rule — the pack with the candidate against the pack without it over the same corpora: the
// candidate may add no false positive, no induced blocking, no stress case gone wrong or slow,
// and the changed pack must pass its own tests.
import {
  runHarness,
  runPackTests,
  ruleFails,
  type CorpusEntry,
  type HarnessReport,
  type LoadedPack,
} from '../../packs/index.js';

export interface GateOptions {
  stressRuns: number;
  stressGateMs: number;
}

export interface ForgeGate {
  ok: boolean;
  failures: string[];
  /** The candidate's own hits on the corpora. */
  benign_hits: number;
  attack_hits: number;
  false_positives: string[];
}

const inducedKey = (c: { id: string; kind: string }): string => `${c.id} [${c.kind}]`;

function compare(rule: string, base: HarnessReport, next: HarnessReport, o: GateOptions): string[] {
  const failures: string[] = [];
  const own = next.per_rule[rule] ?? { benign_hits: 0, attack_hits: 0 };
  if (own.benign_hits > 0 || next.benign.hits > base.benign.hits)
    failures.push(
      `${Math.max(own.benign_hits, next.benign.hits - base.benign.hits)} false positive(s) on benign events`,
    );
  const before = new Set(base.induced.changed.map(inducedKey));
  const induced = next.induced.changed.filter((c) => !before.has(inducedKey(c)));
  if (induced.length > 0)
    failures.push(`${induced.length} verdict(s) changed by bait in non-executing fields`);
  for (const s of next.stress) {
    const b = base.stress.find((x) => x.name === s.name);
    if (!s.expected && b?.expected !== false) failures.push(`stress "${s.name}" got ${s.verdict}`);
    if (s.p95_ms > o.stressGateMs && (b === undefined || b.p95_ms <= o.stressGateMs))
      failures.push(`stress "${s.name}" p95 ${s.p95_ms.toFixed(1)} ms over ${o.stressGateMs} ms`);
  }
  return failures;
}

/**
 * @example
 * const g = await forgeGate(base, candidatePack, 'forge.campaign-6a1f', corpus, { stressRuns: 5, stressGateMs: 500 });
 * if (!g.ok) console.error(g.failures);
 */
export async function forgeGate(
  base: LoadedPack,
  next: LoadedPack,
  rule: string,
  corpus: readonly CorpusEntry[],
  o: GateOptions,
): Promise<ForgeGate> {
  const opts = { stressRuns: o.stressRuns };
  const before = await runHarness([base.policy], corpus, opts);
  const after = await runHarness([next.policy], corpus, opts);
  const failures = compare(rule, before, after, o);
  const tests = await runPackTests(next, { rules: [rule] });
  for (const r of tests.rules.filter(ruleFails))
    failures.push(`${r.id}: its own examples fail (${r.failed} of ${r.passed + r.failed})`);
  const own = after.per_rule[rule] ?? { benign_hits: 0, attack_hits: 0 };
  return {
    ok: failures.length === 0,
    failures,
    benign_hits: own.benign_hits,
    attack_hits: own.attack_hits,
    false_positives: after.false_positives.filter((f) => f.rule === rule).map((f) => f.id),
  };
}
