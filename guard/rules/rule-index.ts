// The rule index (docs/guard.md "Rule index"): per phase and tool, rules filed by what they need to match.
import { BoundedMemo } from '../flow/bounded-memo.js';
import type { DetectorProbe, EvalContext } from './condition.js';
import { getField, type FieldPath } from './field.js';
import {
  foldAscii,
  intentKey,
  programKey,
  type Needs,
  type Primitive,
  type TextNeeds,
} from './needs.js';
import type { CompiledRule } from './rule.js';

/** Longest string the trigram lookup reads; past it every text-filed rule of the field is a candidate. */
const MAX_GRAM_SCAN = 8192;
/** Most (phase, tool) buckets kept per policy; an unbounded set of tool names cannot grow memory. */
const MAX_BUCKETS = 512;

interface Group {
  kind: Needs['kind'];
  field: string;
  parts: FieldPath;
  byKey: Map<Primitive, number[]>;
  /** Every rule of the group, for values the keys cannot be read from (a non-string, a huge string). */
  all: number[];
  /** For a detector group: whether its detector finds anything in this event. */
  probe?: DetectorProbe;
  /** For a shell group: some rule is filed under an intent (else only programs are read). */
  intents?: boolean;
}

/** Rules sharing one phase and one tool matcher (rules naming the same globs share it). */
interface Segment {
  phase: CompiledRule['phase'];
  tools: CompiledRule['tools'];
  always: number[];
  groups: Group[];
}

/** What a (phase, tool) pair reads: its segments, and their unfiled rules merged in pack order. */
interface Bucket {
  segments: Segment[];
  always: number[];
  grouped: boolean;
}

function push(map: Map<Primitive, number[]>, key: Primitive, i: number): void {
  const l = map.get(key);
  if (l === undefined) map.set(key, [i]);
  else if (l.at(-1) !== i) l.push(i);
}

/** The trigram of each literal that the fewest literals in the whole policy share. */
function rarestGrams(rules: readonly CompiledRule[]): Map<string, string> {
  const count = new Map<string, number>();
  const literals = new Set<string>();
  for (const r of rules)
    if (r.needs?.kind === 'text') for (const l of r.needs.literals) literals.add(l);
  for (const l of literals)
    for (let i = 0; i + 3 <= l.length; i++) {
      const g = l.slice(i, i + 3);
      count.set(g, (count.get(g) ?? 0) + 1);
    }
  const pick = new Map<string, string>();
  for (const l of literals) {
    let best = l.slice(0, 3);
    for (let i = 1; i + 3 <= l.length; i++) {
      const g = l.slice(i, i + 3);
      if ((count.get(g) ?? 0) < (count.get(best) ?? 0)) best = g;
    }
    pick.set(l, best);
  }
  return pick;
}

/** What one candidates() call has read so far, shared by the segments it visits. */
interface Scan {
  out: number[];
  folded: Map<string, string | null>;
  probes: Map<string, boolean>;
}

/**
 * Candidate rules of one policy for an event: only those whose phase and tool apply and whose
 * necessary condition (guard/rules/needs.ts) holds, in pack order. Evaluating just these gives
 * the same hits as evaluating every rule, because a rule left out cannot match.
 *
 * Every rule is read once, when the index is built (with the policy): rules are filed by phase
 * and tool matcher into segments, so a phase and tool never seen before costs one test per
 * segment, not a read of every rule.
 */
export class RuleIndex {
  private readonly segments: Segment[] = [];
  private readonly buckets = new BoundedMemo<string, Bucket>(MAX_BUCKETS);
  private readonly seen: Uint32Array;
  private epoch = 0;
  /**
   * Per rule, the literals checked once a key selects it: a text rule's own (its key is one
   * trigram of them) and those other children of its `all` need.
   */
  private readonly also: (readonly TextNeeds[] | undefined)[];

  constructor(rules: readonly CompiledRule[]) {
    const grams = rarestGrams(rules);
    this.seen = new Uint32Array(rules.length);
    this.also = rules.map(({ needs: n }) =>
      n?.kind === 'text' ? [n, ...(n.also ?? [])] : n?.also,
    );
    const byMatcher = new Map<CompiledRule['tools'], Map<CompiledRule['phase'], Segment>>();
    const groupsOf = new Map<Segment, Map<string, Group>>();
    rules.forEach((r, i) => {
      let phases = byMatcher.get(r.tools);
      if (phases === undefined)
        byMatcher.set(r.tools, (phases = new Map<CompiledRule['phase'], Segment>()));
      let seg = phases.get(r.phase);
      if (seg === undefined) {
        seg = { phase: r.phase, tools: r.tools, always: [], groups: [] };
        phases.set(r.phase, seg);
        groupsOf.set(seg, new Map());
        this.segments.push(seg);
      }
      const n = r.needs;
      if (n === undefined || n === null) {
        seg.always.push(i);
        return;
      }
      const groups = groupsOf.get(seg) ?? new Map<string, Group>();
      const gk = `${n.kind}\u0000${n.field}`;
      let g = groups.get(gk);
      if (g === undefined) {
        g = { kind: n.kind, field: n.field, parts: n.parts, byKey: new Map(), all: [] };
        if (n.kind === 'detector') g.probe = n.probe;
        groups.set(gk, g);
        seg.groups.push(g);
      }
      g.all.push(i);
      if (n.kind === 'shell')
        for (const k of n.keys) {
          push(g.byKey, k, i);
          if (k.startsWith('intent:')) g.intents = true;
        }
      else if (n.kind === 'text') for (const l of n.literals) push(g.byKey, grams.get(l) ?? '', i);
      else if (n.kind === 'equals') for (const v of n.values) push(g.byKey, v, i);
    });
  }

  private bucket(phase: string, tool: string): Bucket {
    const key = `${phase}\u0000${tool}`;
    let b = this.buckets.get(key);
    if (b !== undefined) return b;
    const segments = this.segments.filter(
      (s) => (s.phase === null || s.phase === phase) && (s.tools === null || s.tools(tool)),
    );
    let always: number[] = [];
    for (const s of segments)
      if (s.always.length > 0)
        always = always.length === 0 ? s.always : mergeSorted(always, s.always);
    b = { segments, always, grouped: segments.some((s) => s.groups.length > 0) };
    this.buckets.set(key, b);
    return b;
  }

  /** Adds the rules of `list` not yet added whose other literal needs hold. */
  private add(list: readonly number[] | undefined, event: EvalContext['event'], scan: Scan): void {
    if (list === undefined) return;
    for (const i of list)
      if (this.seen[i] !== this.epoch) {
        this.seen[i] = this.epoch;
        const also = this.also[i];
        if (also === undefined || allHold(also, event, scan.folded)) scan.out.push(i);
      }
  }

  private visit(g: Group, ctx: EvalContext, scan: Scan): void {
    const { event } = ctx;
    if (g.probe !== undefined) {
      // one scan per detector and parameters for the decision, whatever segments share it
      let found = scan.probes.get(g.field);
      if (found === undefined) scan.probes.set(g.field, (found = probed(g.probe, ctx)));
      if (found) this.add(g.all, event, scan);
      return;
    }
    const v = getField(event, g.parts);
    if (g.kind === 'equals') {
      if (v === null || typeof v !== 'object') this.add(g.byKey.get(v as Primitive), event, scan);
    } else if (g.kind === 'shell') {
      if (typeof v !== 'string') return;
      const view = ctx.shell(v);
      for (const c of view.analysis.commands)
        this.add(g.byKey.get(programKey(c.name)), event, scan);
      // intents are classified only for a group that files a rule under one
      if (g.intents === true)
        for (const h of view.intents) this.add(g.byKey.get(intentKey(h.intent)), event, scan);
    } else if (typeof v === 'string' && v.length <= MAX_GRAM_SCAN) {
      const s = foldedOf(g, event, scan.folded) ?? foldAscii(v);
      for (let i = 0; i + 3 <= s.length; i++) this.add(g.byKey.get(s.slice(i, i + 3)), event, scan);
    } else if (v !== undefined && typeof v !== 'number' && typeof v !== 'boolean')
      this.add(g.all, event, scan);
  }

  /** Indexes into the policy's rules, ascending. */
  candidates(ctx: EvalContext): number[] {
    const b = this.bucket(ctx.event.phase, ctx.event.tool);
    if (!b.grouped) return b.always;
    if (++this.epoch === 0xffffffff) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    const scan: Scan = { out: [], folded: new Map(), probes: new Map() };
    for (const seg of b.segments) for (const g of seg.groups) this.visit(g, ctx, scan);
    const { out } = scan;
    if (out.length === 0) return b.always;
    out.sort((x, y) => x - y);
    return b.always.length === 0 ? out : mergeSorted(b.always, out);
  }
}

/** The folded text of a group's field, read once per decision. */
function foldedOf(
  g: { field: string; parts: FieldPath },
  event: EvalContext['event'],
  folded: Map<string, string | null>,
): string | null {
  let s = folded.get(g.field);
  if (s === undefined) {
    const v = getField(event, g.parts);
    s = typeof v === 'string' && v.length <= MAX_GRAM_SCAN ? foldAscii(v) : null;
    folded.set(g.field, s);
  }
  return s;
}

function allHold(
  needs: readonly TextNeeds[],
  event: EvalContext['event'],
  folded: Map<string, string | null>,
): boolean {
  for (const n of needs) if (!holds(n, event, folded)) return false;
  return true;
}

/** A literal need holds unless the field is a string short enough to read that has none of them. */
function holds(
  n: TextNeeds,
  event: EvalContext['event'],
  folded: Map<string, string | null>,
): boolean {
  const s = foldedOf(n, event, folded);
  return s === null || n.literals.some((l) => s.includes(l));
}

/** A probe that throws keeps its rules: their evaluation throws too, and the engine escalates. */
function probed(probe: DetectorProbe, ctx: EvalContext): boolean {
  try {
    return probe.found(ctx);
  } catch {
    return true;
  }
}

/** Two ascending lists of distinct rule indexes as one ascending list (pack order). */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0,
    j = 0;
  for (;;) {
    const x = a[i],
      y = b[j];
    if (x === undefined && y === undefined) return out;
    if (y === undefined || (x !== undefined && x < y)) {
      out.push(x ?? 0);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
}

const indexes = new WeakMap<readonly CompiledRule[], RuleIndex>();

/** The index of a policy's rule list, built on first use and kept while the list lives. */
export function ruleIndex(rules: readonly CompiledRule[]): RuleIndex {
  let ix = indexes.get(rules);
  if (ix === undefined) {
    ix = new RuleIndex(rules);
    indexes.set(rules, ix);
  }
  return ix;
}
