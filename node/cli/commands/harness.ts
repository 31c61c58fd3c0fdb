// `mesh harness --pack P --corpus FILE.jsonl`: false positives, detection per family, induced blocking, stress.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { createFlowTracker, type Guard } from '../../../guard/index.js';
import { readCorpus, runHarness, type HarnessReport } from '../../../packs/index.js';
import { buildGuardParts, guardOf, type GuardParts } from '../../guard/guard-builder.js';
import { ConfigError, UsageError } from '../../errors.js';
import { stressFlags } from '../stress-flags.js';
import { contextFor, type CommandContext } from '../context.js';
import { guardNode } from './guard.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

interface HarnessFlags {
  pack: string[];
  corpus?: string;
  perRule?: boolean;
  json?: boolean;
  baseline?: string;
  stressRuns: string;
  induced: boolean;
  stressGateMs: string;
  flowRules: boolean;
}

interface Verdicts {
  ok: boolean;
  failures: string[];
}

function pct(r: { rate: number }): string {
  return `${(r.rate * 100).toFixed(1)}%`;
}

function readBaseline(path: string): Record<string, number> {
  try {
    const doc = JSON.parse(readFileSync(path, 'utf8')) as { families?: Record<string, number> };
    if (typeof doc.families === 'object') return doc.families;
    throw new ConfigError('config_invalid', 'missing "families"');
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `${path}: not a harness baseline (${(e as Error).message})`,
      'expected {"families": {"<family>": <minimum detection rate>}}',
      { cause: e },
    );
  }
}

/** The gate: no false positive, no induced change, stress as expected and fast enough, no family below baseline. */
export function gate(
  r: HarnessReport,
  baseline: Record<string, number> | null,
  stressGateMs: number,
): Verdicts {
  const failures: string[] = [];
  if (r.benign.hits > 0) failures.push(`${r.benign.hits} false positive(s) on benign events`);
  if (r.induced.changed.length > 0)
    failures.push(`${r.induced.changed.length} verdict(s) changed by bait in non-executing fields`);
  for (const s of r.stress) {
    if (!s.expected) failures.push(`stress "${s.name}" got ${s.verdict}`);
    if (s.p95_ms > stressGateMs)
      failures.push(`stress "${s.name}" p95 ${s.p95_ms.toFixed(1)} ms over ${stressGateMs} ms`);
  }
  for (const [family, min] of Object.entries(baseline ?? {})) {
    const got = r.attacks.by_family[family];
    if (got === undefined) failures.push(`family "${family}" missing from the corpus`);
    else if (got.rate + 1e-9 < min)
      failures.push(
        `family "${family}" detection ${pct(got)} fell below ${(min * 100).toFixed(1)}%`,
      );
  }
  return { ok: failures.length === 0, failures };
}

function render(r: HarnessReport & { gate: Verdicts }, perRule: boolean): string {
  const lines = [
    `events ${r.events}: benign ${r.benign.total} (near-miss ${r.benign.near_miss.total}), attacks ${r.attacks.total}`,
    `false positives: ${r.benign.hits}/${r.benign.total} (${pct(r.benign)}), near-miss ${r.benign.near_miss.hits}/${r.benign.near_miss.total}`,
    `detection: ${r.attacks.hits}/${r.attacks.total} (${pct(r.attacks)})`,
    ...Object.entries(r.attacks.by_family).map(
      ([f, x]) =>
        `  ${f.padEnd(28)} ${String(x.hits).padStart(4)}/${String(x.total).padEnd(4)} ${pct(x)}`,
    ),
    `induced blocking: ${r.induced.changed.length} changed of ${r.induced.checked} bait variants`,
    `latency: p50 ${r.latency.p50_us.toFixed(0)} us, p99 ${r.latency.p99_us.toFixed(0)} us`,
    'stress:',
    ...r.stress.map(
      (s) =>
        `  ${s.name.padEnd(24)} ${s.verdict.padEnd(9)} p50 ${s.p50_ms.toFixed(2)} ms p95 ${s.p95_ms.toFixed(2)} ms${s.expected ? '' : '  UNEXPECTED'}`,
    ),
  ];
  if (perRule) {
    lines.push('per rule (benign hits / attack hits):');
    for (const [k, v] of Object.entries(r.per_rule).sort())
      lines.push(`  ${k.padEnd(28)} ${v.benign_hits} / ${v.attack_hits}`);
    lines.push('per detector (benign hits / attack hits):');
    for (const [k, v] of Object.entries(r.per_detector).sort())
      lines.push(`  ${k.padEnd(28)} ${v.benign_hits} / ${v.attack_hits}`);
  }
  for (const f of r.false_positives.slice(0, 20))
    lines.push(`FP ${f.id}: ${f.verdict} by ${f.rule ?? 'none'}: ${f.reason}`);
  for (const m of r.misses.slice(0, 20)) lines.push(`miss ${m.id} (${m.family})`);
  for (const c of r.induced.changed.slice(0, 20))
    lines.push(`induced ${c.id} [${c.kind}]: ${c.from} -> ${c.to}`);
  lines.push(
    r.gate.ok ? 'gate: pass' : `gate: FAIL\n${r.gate.failures.map((f) => `  - ${f}`).join('\n')}`,
  );
  return lines.join('\n');
}

/**
 * The door's guard, built as `mesh guard decide` builds it (node/guard/guard-builder.ts: base
 * policies, flow stage and rules, the packs) without receipts; a fresh flow tracker and session
 * table per call. Each built part is closed by `close`.
 */
function doorGuards(
  ctx: CommandContext,
  opts: HarnessFlags,
): { make: () => Guard; first: GuardParts; close: () => void } {
  const built: GuardParts[] = [];
  const build = (): GuardParts => {
    const parts = buildGuardParts(
      guardNode(ctx),
      { packs: opts.pack, receipts: false, flowRules: opts.flowRules },
      createFlowTracker(),
    );
    built.push(parts);
    return parts;
  };
  const first = build();
  let unused: GuardParts | undefined = first;
  return {
    make: () => {
      const parts = unused ?? build();
      unused = undefined;
      return guardOf(parts, false);
    },
    first,
    close: () => {
      for (const p of built) p.close();
    },
  };
}

export function registerHarness(program: Command): void {
  program
    .command('harness')
    .description(
      'measure a pack over a labelled corpus: false positives, detection per family, induced blocking, stress',
    )
    .option('--pack <pack>', 'pack file or builtin:<name> (repeatable)', collect, [])
    .option(
      '--corpus <file>',
      'JSONL corpus: {"id","label":"benign|attack","family","near_miss"?,"event"} per line',
    )
    .option('--per-rule', 'also report hits per rule and per detector')
    .option('--baseline <file>', 'fail when an attack family falls below {"families": {...}} rates')
    .option('--stress-runs <n>', 'repetitions per stress case', '20')
    .option('--stress-gate-ms <ms>', 'fail when a stress case p95 exceeds this', '500')
    .option('--no-induced', 'skip the induced-blocking variants')
    .option('--no-flow-rules', 'do not load the built-in flow rules (builtin:flow)')
    .option('--json', 'print one JSON object')
    .action(async (opts: HarnessFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (opts.pack.length === 0)
        throw new UsageError('give at least one --pack', 'e.g. --pack builtin:coding-agent');
      if (opts.corpus === undefined) throw new UsageError('give --corpus FILE.jsonl');
      const { runs, gateMs } = stressFlags(opts);
      const corpus = readCorpus(opts.corpus);
      const guards = doorGuards(ctx, opts);
      for (const p of guards.first.packs)
        for (const q of p.policy.quarantined)
          ctx.out.progress(`warning: ${p.meta.name}: rule quarantined: ${q.message}`);
      ctx.out.progress(
        `running ${corpus.length} events through ${guards.first.policies.map((p) => p.name).join(', ')}`,
      );
      let report: HarnessReport;
      try {
        report = await runHarness(guards.make, corpus, {
          stressRuns: runs,
          skipInduced: !opts.induced,
        });
      } finally {
        guards.close();
      }
      const result = {
        ...report,
        gate: gate(
          report,
          opts.baseline === undefined ? null : readBaseline(opts.baseline),
          gateMs,
        ),
      };
      ctx.out.result(result, (r) => render(r, opts.perRule === true));
      if (!result.gate.ok) process.exitCode = EXIT_FAILURE;
    });
}
