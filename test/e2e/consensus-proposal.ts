// Collector-signed consensus proposals for the `mesh consensus apply` suites: every catalog rule of
// the coding-agent pack counted alike in the aggregate, and the changes' own numbers beside it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  proposalBody,
  signProposal,
  type Proposal,
  type SignedProposal,
} from '../../node/consensus/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import {
  CATALOG,
  DEMO,
  maintainer,
  publish,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

export interface ProposalPlan {
  changes: { kind: Proposal['kind']; rule: string; from?: 'canary' | 'stable' }[];
  /** The reports, hits and false-positive marks each change states, and its days in the ring. */
  numbers: { reports: number; hits: number; falsePositiveMarks: number; daysInRing: number };
  /** Each catalog rule's hits in the aggregate (default: the changes' hits). */
  aggregateHits?: number;
  reason: string;
  /** The published pack the proposal applies to. */
  packSha: string;
  created?: Date;
  /** The collector key file that signs it (default: the maintainer's collector.key). */
  key?: string;
}

/** Writes the signed proposal to FILE. */
export function writeProposal(m: Maintainer, file: string, p: ProposalPlan): SignedProposal {
  const n = p.numbers;
  const proposals: Proposal[] = p.changes.map((c) => ({
    kind: c.kind,
    rule: c.rule,
    from: c.from ?? 'canary',
    to: c.kind === 'promote' ? 'stable' : c.kind === 'demote' ? 'shadow' : 'removed',
    numbers: {
      reports: n.reports,
      hits: n.hits,
      falsePositiveMarks: n.falsePositiveMarks,
      approvals: 0,
      rejections: 0,
      tierReports: n.reports,
      margin: 0,
      daysInRing: n.daysInRing,
    },
    reason: p.reason,
  }));
  const agg = {
    pack: 'coding-agent',
    reportCount: n.reports,
    signals: {
      hits: CATALOG.map(() => p.aggregateHits ?? n.hits),
      falsePositiveMarks: CATALOG.map(() => n.falsePositiveMarks),
      approvals: CATALOG.map(() => 0),
      rejections: CATALOG.map(() => 0),
      tiers: [n.reports],
    },
    interval: { start: 0, duration: 60 },
  };
  const body = proposalBody(
    agg,
    p.changes[0]?.from ?? 'canary',
    proposals,
    p.created ?? new Date(),
    p.packSha,
  );
  const doc = signProposal(body, loadKeyFile(p.key ?? join(m.keys, 'collector.key')).signer);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return doc;
}

/** WORK/proposal-N.json: the collector demotes (or expires) RULE of the pack SHA, 3 of 5 hits marked false. */
export function demotion(
  m: Maintainer,
  n: number,
  rule: string,
  packSha: string,
  kind: 'demote' | 'expire' = 'demote',
): string {
  const file = join(m.work, `proposal-${n}.json`);
  writeProposal(m, file, {
    changes: [{ kind, rule }],
    numbers: { reports: 50, hits: 5, falsePositiveMarks: 3, daysInRing: 9 },
    reason: 'false-positive share 0.6',
    packSha,
  });
  return file;
}

/** `mesh consensus apply FILE FLAGS...` on the maintainer's repository (no collector key given). */
export const consensusApplyArgs = (m: Maintainer, file: string, flags: string[] = []): string[] => [
  'consensus',
  'apply',
  file,
  '--repo',
  m.repo,
  '--keys',
  m.keys,
  // The fixture repository is threshold 1 (a demo, not a ceremony).
  ...DEMO,
  ...flags,
];

/** The same, trusting the maintainer's collector key. */
export const consensusApply = (m: Maintainer, file: string, flags: string[] = []): string[] =>
  consensusApplyArgs(m, file, ['--collector-key', m.publicKeys.collector ?? '', ...flags]);

/**
 * The suite's maintainer, from its beforeAll (its services stopped in afterAll): a repository
 * holding the coding-agent pack, handed to SET with that pack's sha256.
 */
export function withPublishedPack(work: string, set: (m: Maintainer, sha: string) => void): void {
  let held: Maintainer | undefined;
  beforeAll(async () => {
    const m = await maintainer(work);
    const pub = await publish(m, writePack(m, 'coding-agent.json'));
    held = m;
    set(m, (pub.json.targets as { sha256: string }[])[0]?.sha256 ?? '');
  }, 120_000);
  afterAll(async () => {
    await Promise.all((held?.services ?? []).map((s) => s.stop()));
  });
}
