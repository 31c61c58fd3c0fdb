// Consensus proposals -> the next version of each ring's pack they touch (docs/architecture.md "Aggregate and
// decide"): every change validated against the current packs, the packs' own tests run, no I/O.
import { canonicalJson } from '../../guard/index.js';
import { compilePack, PackError, runPackTests, type Ring } from '../../packs/index.js';
import { ConsensusError } from './errors.js';
import {
  bumpVersion,
  demoteIn,
  emptyLike,
  expireIn,
  promoteInto,
  type DemoteTo,
  type PackDoc,
} from './edit-pack.js';

export interface RuleChange {
  kind: 'promote' | 'demote' | 'expire';
  rule: string;
  /** The ring the rule is in now. */
  from: Ring;
}

export interface RingEdit {
  ring: Ring;
  doc: PackDoc;
  bytes: Uint8Array;
  changes: RuleChange[];
  /** Tests dropped because they pinned the verdict of a rule that left or no longer acts. */
  testsDropped: number;
}

export interface ConsensusPlan {
  edits: RingEdit[];
  /** Changes the packs already reflect (applied before, or by hand). */
  unchanged: RuleChange[];
}

/** This value is attacker-controlled until the caller verified it: a pack target's bytes. */
export function parsePackDoc(bytes: Uint8Array, origin: string): PackDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new PackError(
      'pack_invalid',
      `${origin}: not JSON (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
  compilePack(doc, origin);
  return doc as PackDoc;
}

function dropped(before: PackDoc, after: PackDoc): number {
  const kept = new Set((after.policy.tests ?? []).map((t) => canonicalJson(t)));
  return (before.policy.tests ?? []).filter((t) => !kept.has(canonicalJson(t))).length;
}

export async function planConsensus(
  current: Partial<Record<Ring, PackDoc>>,
  changes: readonly RuleChange[],
  demoteTo: DemoteTo,
): Promise<ConsensusPlan> {
  const next: Partial<Record<Ring, PackDoc>> = {};
  const applied: Partial<Record<Ring, RuleChange[]>> = {};
  const unchanged: RuleChange[] = [];
  const docOf = (ring: Ring): PackDoc | undefined => next[ring] ?? current[ring];
  for (const c of changes) {
    const from = docOf(c.from);
    if (from === undefined)
      throw new ConsensusError(
        'consensus_stale',
        `the repository has no ${c.from} pack for ${c.rule}`,
      );
    const target: Ring = c.kind === 'promote' ? 'stable' : c.from;
    if (c.kind === 'promote' && c.from !== 'canary')
      throw new ConsensusError(
        'consensus_invalid',
        `only a canary rule is promoted, not ${c.rule}`,
      );
    const edited =
      c.kind === 'promote'
        ? promoteInto(docOf('stable') ?? emptyLike(from), from, c.rule)
        : c.kind === 'demote'
          ? demoteIn(from, c.rule, demoteTo)
          : expireIn(from, c.rule);
    if (edited === undefined) {
      unchanged.push(c);
      continue;
    }
    next[target] = edited;
    (applied[target] ??= []).push(c);
  }
  const edits: RingEdit[] = [];
  for (const ring of ['canary', 'stable'] as const) {
    const doc = next[ring];
    if (doc === undefined) continue;
    const base = current[ring] ?? doc;
    const out: PackDoc = { ...doc, version: bumpVersion(base.version) };
    const origin = `${out.name}@${ring} ${out.version}`;
    const loaded = compilePack(out, origin);
    const report = await runPackTests(loaded);
    if (!report.ok)
      throw new ConsensusError(
        'consensus_tests_failed',
        `${origin}: the pack's own tests fail after the change: ${[
          ...report.rules
            .filter((r) => r.status === 'failed')
            .map((r) => `${r.id} (${r.failed} example(s))`),
          ...report.policy_tests.failures.map(
            (f) => `${f.test} (expected ${f.expected}, got ${f.got})`,
          ),
        ].join('; ')}`,
        { hint: 'edit the pack by hand and publish it; this proposal cannot be applied as is' },
      );
    edits.push({
      ring,
      doc: out,
      bytes: new TextEncoder().encode(`${JSON.stringify(out, null, 2)}\n`),
      changes: applied[ring] ?? [],
      testsDropped: dropped(base, out),
    });
  }
  return { edits, unchanged };
}
