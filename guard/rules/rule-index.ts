// The rule index (docs/guard.md "Rule index"): per phase and tool, rules filed by what they need to match.
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
}

interface Bucket {
  always: number[];
  groups: Group[];
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

/**
 * Candidate rules of one policy for an event: only those whose phase and tool apply and whose
 * necessary condition (guard/rules/needs.ts) holds, in pack order. Evaluating just these gives
 * the same hits as evaluating every rule, because a rule left out cannot match.
 */
export class RuleIndex {
  private readonly buckets = new Map<string, Bucket>();
  private readonly grams: Map<string, string>;
  private readonly seen: Uint32Array;
  private epoch = 0;
  /** Per rule, the literals other children of its `all` need (checked once the key selects it). */
  private readonly also: (readonly TextNeeds[] | undefined)[];

  constructor(private readonly rules: readonly CompiledRule[]) {
    this.grams = rarestGrams(rules);
    this.seen = new Uint32Array(rules.length);
    this.also = rules.map((r) => r.needs?.also);
  }

  private bucket(phase: string, tool: string): Bucket {
    const key = `${phase}\u0000${tool}`;
    let b = this.buckets.get(key);
    if (b !== undefined) return b;
    b = { always: [], groups: [] };
    const groups = new Map<string, Group>();
    this.rules.forEach((r, i) => {
      if (r.phase !== null && r.phase !== phase) return;
      if (r.tools !== null && !r.tools(tool)) return;
      const n = r.needs;
      if (n === undefined || n === null) {
        b.always.push(i);
        return;
      }
      const gk = `${n.kind}\u0000${n.field}`;
      let g = groups.get(gk);
      if (g === undefined) {
        g = { kind: n.kind, field: n.field, parts: n.parts, byKey: new Map(), all: [] };
        if (n.kind === 'detector') g.probe = n.probe;
        groups.set(gk, g);
      }
      g.all.push(i);
      const keys =
        n.kind === 'shell'
          ? n.keys
          : n.kind === 'text'
            ? n.literals.map((l) => this.grams.get(l) ?? '')
            : n.kind === 'equals'
              ? n.values
              : [];
      for (const k of keys) push(g.byKey, k, i);
    });
    b.groups = [...groups.values()];
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
    this.buckets.set(key, b);
    return b;
  }

  /** Indexes into the policy's rules, ascending. */
  candidates(ctx: EvalContext): number[] {
    const { event } = ctx;
    const b = this.bucket(event.phase, event.tool);
    if (b.groups.length === 0) return b.always;
    if (++this.epoch === 0xffffffff) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    const out: number[] = [];
    const folded = new Map<string, string | null>();
    const add = (list: readonly number[] | undefined): void => {
      if (list === undefined) return;
      for (const i of list)
        if (this.seen[i] !== this.epoch) {
          this.seen[i] = this.epoch;
          const also = this.also[i];
          if (also === undefined || also.every((n) => holds(n, event, folded))) out.push(i);
        }
    };
    for (const g of b.groups) {
      if (g.probe !== undefined) {
        if (probed(g.probe, ctx)) add(g.all);
        continue;
      }
      const v = getField(event, g.parts);
      if (g.kind === 'equals') {
        if (v === null || typeof v !== 'object') add(g.byKey.get(v as Primitive));
      } else if (g.kind === 'shell') {
        if (typeof v !== 'string') continue;
        const view = ctx.shell(v);
        for (const c of view.analysis.commands) add(g.byKey.get(programKey(c.name)));
        for (const h of view.intents) add(g.byKey.get(intentKey(h.intent)));
      } else if (typeof v === 'string' && v.length <= MAX_GRAM_SCAN) {
        const s = foldAscii(v);
        for (let i = 0; i + 3 <= s.length; i++) add(g.byKey.get(s.slice(i, i + 3)));
      } else if (v !== undefined && typeof v !== 'number' && typeof v !== 'boolean') add(g.all);
    }
    if (out.length === 0) return b.always;
    out.sort((x, y) => x - y);
    return b.always.length === 0 ? out : mergeSorted(b.always, out);
  }
}

/** A literal need holds unless the field is a string short enough to read that has none of them. */
function holds(
  n: TextNeeds,
  event: EvalContext['event'],
  folded: Map<string, string | null>,
): boolean {
  let s = folded.get(n.field);
  if (s === undefined) {
    const v = getField(event, n.parts);
    s = typeof v === 'string' && v.length <= MAX_GRAM_SCAN ? foldAscii(v) : null;
    folded.set(n.field, s);
  }
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
