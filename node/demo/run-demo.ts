// `mesh demo`: the whole mesh on 127.0.0.1 with temporary state (docs/architecture.md "Flows"):
// publish -> subscribe -> guard -> report -> aggregate -> consensus, every party its own process; the
// aggregate counts organisation-windows (docs/dap.md "Report tokens").
import { NodeError } from '../errors.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignedProposal } from '../consensus/proposal-file.js';
import { setUpMesh, type DemoMesh } from './mesh-setup.js';
import { runNode, WINDOW, type NodeOutcome } from './node-run.js';
import { runCampaign, type CampaignOutcome } from './campaign-step.js';

export interface DemoRow {
  rule: string;
  reportsWithHits: number;
  // Explicit false-positive marks (`mesh reviews mark-fp`), not approvals of escalations.
  falsePositiveSightings: number;
  proposal: string;
}

/** What one organisation's nodes tried to send in the window, and what the Leader took. */
export interface DemoOrgRow {
  org: string;
  nodes: number;
  attempts: number;
  accepted: number;
  refused: number;
}

export interface DemoResult {
  ok: boolean;
  nodes: number;
  seconds: number;
  /** Organisations enrolled in the member list (one per node). */
  organisations: number;
  /** Reports the nodes tried to send, and how many were refused a token. */
  attempts: number;
  refused: number;
  /** Reports in the collected aggregate: organisation-windows, so at most one per organisation. */
  reportCount: number;
  note: string;
  outcomes: NodeOutcome[];
  perOrganisation: DemoOrgRow[];
  rules: DemoRow[];
  campaign: CampaignOutcome;
  workDir?: string;
}

export interface DemoOptions {
  nodes: number;
  concurrency: number;
  keep: boolean;
  progress: (message: string) => void;
}

async function inPool<T>(
  count: number,
  concurrency: number,
  job: (i: number) => Promise<T>,
): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

async function awaitProposal(collector: string, timeoutMs: number): Promise<SignedProposal> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (
      await fetch(`${collector}/collector/proposals`)
    ).json()) as SignedProposal[];
    if (list.length > 0 && list[0]) return list[0];
    if (Date.now() > deadline) {
      const status = (await (await fetch(`${collector}/collector/status`)).json()) as {
        lastError: string | null;
      };
      throw new NodeError(
        'io_failed',
        `the collector collected nothing in time (last: ${status.lastError ?? 'no error'})`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function perOrg(outcomes: readonly NodeOutcome[]): DemoOrgRow[] {
  const rows = new Map<string, DemoOrgRow>();
  for (const o of outcomes) {
    const r = rows.get(o.org) ?? { org: o.org, nodes: 0, attempts: 0, accepted: 0, refused: 0 };
    r.nodes++;
    r.attempts += o.attempts;
    r.accepted += o.accepted;
    r.refused += o.refused.length;
    rows.set(o.org, r);
  }
  return [...rows.values()];
}

export async function runDemo(opts: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'mesh-demo-'));
  let m: DemoMesh;
  try {
    m = await setUpMesh(work, opts.nodes, opts.progress);
  } catch (e) {
    // setUpMesh stops what it started; the folder is this function's to remove.
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
    throw e;
  }
  try {
    const windowStart = Math.floor(Date.now() / 1000 / WINDOW) * WINDOW;
    opts.progress(
      `running ${opts.nodes} nodes: subscribe (TUF + log + witness quorum), guard, report`,
    );
    let done = 0;
    const outcomes = await inPool(opts.nodes, opts.concurrency, async (i) => {
      const o = await runNode(i, m, windowStart);
      done++;
      opts.progress(
        `node ${String(i).padStart(2, '0')} (${o.org}) done (${done}/${opts.nodes}): ${o.events} calls, ${o.attacks} attacks, ${JSON.stringify(o.verdicts)}${o.refused.length > 0 ? `, ${o.refused.length} more reports refused (${o.refused.map((x) => x.error).join(', ')})` : ''}`,
      );
      return o;
    });
    opts.progress(
      'waiting for the collector: leader and helper verify and aggregate; the batch is read once',
    );
    const proposal = await awaitProposal(m.collector, 120_000);
    const a = proposal.signed.aggregate;
    const byRule = new Map(
      proposal.signed.proposals.map((p) => [p.rule, `${p.kind} ${p.from} -> ${p.to}`]),
    );
    const rules = m.catalog.map((rule, i) => ({
      rule,
      reportsWithHits: a.hits[i] ?? 0,
      falsePositiveSightings: a.false_positive_marks[i] ?? 0,
      proposal: byRule.get(rule) ?? '-',
    }));
    const sightings = outcomes.reduce((s, o) => s + o.falsePositivesMarked, 0);
    const sum = a.false_positive_marks.reduce((s, x) => s + x, 0);
    const perOrganisation = perOrg(outcomes);
    const attempts = outcomes.reduce((s, o) => s + o.attempts, 0);
    const refused = outcomes.reduce((s, o) => s + o.refused.length, 0);
    const campaign = await runCampaign(m, opts.progress);
    return {
      // Each organisation counts once however often it tried, and the aggregate is what they sent.
      ok:
        a.report_count === m.orgs.length &&
        perOrganisation.every((o) => o.accepted === 1) &&
        attempts > perOrganisation.length &&
        sum === sightings &&
        campaign.ok,
      campaign,
      nodes: opts.nodes,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      organisations: m.orgs.length,
      attempts,
      refused,
      reportCount: a.report_count,
      note: proposal.signed.note,
      outcomes,
      perOrganisation,
      rules,
      ...(opts.keep ? { workDir: work } : {}),
    };
  } finally {
    await Promise.all(m.services.map((s) => s.stop()));
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}

export function renderDemo(r: DemoResult): string {
  const w = Math.max(...r.rules.map((x) => x.rule.length), 4);
  const ow = Math.max(...r.perOrganisation.map((x) => x.org.length), 12);
  const lines = [
    '',
    `${r.nodes} nodes in ${r.organisations} organisations tried ${r.attempts} reports; ${r.refused} were refused a token`,
    `(one per organisation per window); ${r.reportCount} reports aggregated in ${r.seconds} s (${r.note})`,
    '',
    `${'organisation'.padEnd(ow)}  nodes  reports tried  accepted  refused`,
    ...r.perOrganisation.map(
      (o) =>
        `${o.org.padEnd(ow)}  ${String(o.nodes).padStart(5)}  ${String(o.attempts).padStart(13)}  ${String(o.accepted).padStart(8)}  ${String(o.refused).padStart(7)}`,
    ),
    '',
    `${'rule'.padEnd(w)}  reports with hits     false-positive marks  proposal`,
    ...r.rules.map(
      (x) =>
        `${x.rule.padEnd(w)}  ${String(x.reportsWithHits).padStart(17)}  ${String(x.falsePositiveSightings).padStart(24)}  ${x.proposal}`,
    ),
    '',
    `campaign: ${r.campaign.organisations} organisations, ${r.campaign.campaigns} campaign found (${r.campaign.fingerprint}); ` +
      `mesh forge proposed ${r.campaign.rule}, gate passed: ${r.campaign.proposal}`,
    '',
    r.ok
      ? 'demo ok: every organisation counted once, and the aggregate equals what the nodes reported'
      : 'demo FAILED: the aggregate does not match what the nodes reported',
  ];
  if (r.workDir) lines.push(`state kept in ${r.workDir}`);
  return lines.join('\n');
}
