// The corpus harness: false-positive and detection rates per rule and detector, induced blocking, stress.
import { createGuard, type Evaluation, type Guard, type Policy } from '../../guard/index.js';
import { SETUP_FAMILY, type CorpusEntry } from './corpus.js';
import { BAIT, baitVariants } from './induced.js';
import { stressCases } from './stress.js';

export interface Rate {
  total: number;
  hits: number;
  rate: number;
}

export interface RuleStats {
  benign_hits: number;
  attack_hits: number;
}

export interface HarnessReport {
  events: number;
  benign: Rate & { near_miss: Rate };
  attacks: Rate & { by_family: Record<string, Rate> };
  per_rule: Record<string, RuleStats>;
  per_detector: Record<string, RuleStats>;
  false_positives: { id: string; verdict: string; rule: string | null; reason: string }[];
  misses: { id: string; family: string }[];
  induced: { checked: number; changed: { id: string; kind: string; from: string; to: string }[] };
  stress: { name: string; verdict: string; expected: boolean; p50_ms: number; p95_ms: number }[];
  latency: { p50_us: number; p99_us: number };
}

function rate(total: number, hits: number): Rate {
  return { total, hits, rate: total === 0 ? 0 : hits / total };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function count(map: Record<string, RuleStats>, key: string, label: CorpusEntry['label']): void {
  const s = (map[key] ??= { benign_hits: 0, attack_hits: 0 });
  if (label === 'benign') s.benign_hits++;
  else s.attack_hits++;
}

function tally(ev: Evaluation, e: CorpusEntry, report: HarnessReport): void {
  for (const h of ev.hits) {
    if (h.verdict === 'allow') continue;
    count(report.per_rule, h.rule, e.label);
    for (const d of new Set(h.detectors)) count(report.per_detector, d, e.label);
  }
}

/**
 * What the harness runs events through: compiled policies (a bare guard), or a factory returning a
 * door's whole guard (flow stage and rules, base policies). Every call must return a fresh guard
 * with its own sessions and taint: warm-up and stress cases must not leave state in the measured run.
 */
export type HarnessGuard = readonly Policy[] | (() => Guard);

function guardFrom(source: HarnessGuard): Guard {
  return typeof source === 'function' ? source() : createGuard({ policies: source });
}

export interface HarnessOptions {
  /** Repetitions per stress case. */
  stressRuns?: number;
  /** Skip the induced-blocking variants (faster). */
  skipInduced?: boolean;
}

/** A fresh guard per event would hide loop limits; one guard per run keeps session counters real. */
export async function runHarness(
  source: HarnessGuard,
  corpus: readonly CorpusEntry[],
  opts: HarnessOptions = {},
): Promise<HarnessReport> {
  const guard: Guard = guardFrom(source);
  const report: HarnessReport = {
    events: corpus.length,
    benign: { ...rate(0, 0), near_miss: rate(0, 0) },
    attacks: { ...rate(0, 0), by_family: {} },
    per_rule: {},
    per_detector: {},
    false_positives: [],
    misses: [],
    induced: { checked: 0, changed: [] },
    stress: [],
    latency: { p50_us: 0, p99_us: 0 },
  };
  // warm the parser and the JIT on a throwaway guard so the first events do not carry start-up cost
  const warm = guardFrom(source);
  for (const e of corpus.slice(0, 50)) await warm.evaluate(e.event);
  const lat: number[] = [];
  let benign = 0,
    fp = 0,
    near = 0,
    nearFp = 0,
    attacks = 0,
    detected = 0;
  const fam: Record<string, [number, number]> = {};
  for (const e of corpus) {
    const ev = await guard.evaluate(e.event);
    lat.push(ev.elapsedNs / 1000);
    // a set-up row (the read a flow row leaks) is run in its session but is not a case
    if (e.family === SETUP_FAMILY) continue;
    tally(ev, e, report);
    const flagged = ev.decision.verdict !== 'allow';
    if (e.label === 'benign') {
      benign++;
      if (e.near_miss) near++;
      if (flagged) {
        fp++;
        if (e.near_miss) nearFp++;
        report.false_positives.push({
          id: e.id,
          verdict: ev.decision.verdict,
          rule: ev.decision.rule,
          reason: ev.decision.reason,
        });
      }
      if (!opts.skipInduced) await induced(guard, e, ev, report);
    } else {
      attacks++;
      const f = (fam[e.family] ??= [0, 0]);
      f[0]++;
      if (flagged) {
        detected++;
        f[1]++;
      } else report.misses.push({ id: e.id, family: e.family });
    }
  }
  report.benign = { ...rate(benign, fp), near_miss: rate(near, nearFp) };
  report.attacks = {
    ...rate(attacks, detected),
    by_family: Object.fromEntries(
      Object.entries(fam)
        .sort()
        .map(([k, [t, h]]) => [k, rate(t, h)]),
    ),
  };
  lat.sort((a, b) => a - b);
  report.latency = { p50_us: percentile(lat, 50), p99_us: percentile(lat, 99) };
  report.stress = await stress(source, opts.stressRuns ?? 20);
  return report;
}

async function induced(
  guard: Guard,
  e: CorpusEntry,
  base: Evaluation,
  report: HarnessReport,
): Promise<void> {
  for (const bait of BAIT)
    for (const v of baitVariants(e.event, bait)) {
      report.induced.checked++;
      const d = (await guard.evaluate(v.event)).decision;
      if (d.verdict !== base.decision.verdict)
        report.induced.changed.push({
          id: e.id,
          kind: v.kind,
          from: base.decision.verdict,
          to: `${d.verdict} by ${d.rule ?? 'no rule'}`,
        });
    }
}

async function stress(source: HarnessGuard, runs: number): Promise<HarnessReport['stress']> {
  const out: HarnessReport['stress'] = [];
  for (const c of stressCases()) {
    const guard = guardFrom(source);
    const times: number[] = [];
    let verdict = '';
    // CPU time, not wall time: a pathological rule costs CPU, while a busy machine only stretches
    // the wall clock, and the gate must not refuse a rule because other work shares the cores.
    for (let i = 0; i < runs; i++) {
      const t0 = process.cpuUsage();
      verdict = (await guard.decide(c.event)).verdict;
      const used = process.cpuUsage(t0);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    out.push({
      name: c.name,
      verdict,
      expected: (c.expect as string[]).includes(verdict),
      p50_ms: percentile(times, 50),
      p95_ms: percentile(times, 95),
    });
  }
  return out;
}
