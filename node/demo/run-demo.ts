// `mesh demo`: the whole mesh on 127.0.0.1 with temporary state (docs/architecture.md "Flows"):
// publish -> subscribe -> guard -> report -> aggregate -> consensus, every party its own process.
import { NodeError } from '../errors.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignedProposal } from '../consensus/proposal-file.js';
import { setUpMesh } from './mesh-setup.js';
import { runNode, WINDOW, type NodeOutcome } from './node-run.js';
import { runCampaign, type CampaignOutcome } from './campaign-step.js';

export interface DemoRow {
  rule: string;
  reportsWithHits: number;
  // Explicit false-positive marks (`mesh reviews mark-fp`), not approvals of escalations.
  falsePositiveSightings: number;
  proposal: string;
}

export interface DemoResult {
  ok: boolean;
  nodes: number;
  seconds: number;
  reportCount: number;
  note: string;
  outcomes: NodeOutcome[];
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

export async function runDemo(opts: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'mesh-demo-'));
  const m = await setUpMesh(work, opts.nodes, opts.progress);
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
        `node ${String(i).padStart(2, '0')} done (${done}/${opts.nodes}): ${o.events} calls, ${o.attacks} attacks, ${JSON.stringify(o.verdicts)}`,
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
    const campaign = await runCampaign(m, opts.progress);
    return {
      ok: a.report_count === opts.nodes && sum === sightings && campaign.ok,
      campaign,
      nodes: opts.nodes,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      reportCount: a.report_count,
      note: proposal.signed.note,
      outcomes,
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
  const lines = [
    '',
    `${r.nodes} nodes, ${r.reportCount} reports aggregated in ${r.seconds} s (${r.note})`,
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
      ? 'demo ok: the aggregate equals what the nodes reported'
      : 'demo FAILED: the aggregate does not match what the nodes reported',
  ];
  if (r.workDir) lines.push(`state kept in ${r.workDir}`);
  return lines.join('\n');
}
