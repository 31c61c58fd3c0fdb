// The rule index (docs/guard.md "Rule index"): per phase and tool, rules filed by what they need to match.
import { BoundedMemo } from '../flow/bounded-memo.js';
import type { DetectorProbe, EvalContext } from './condition.js';
import { getField, type FieldPath } from './field.js';
import { foldAscii, type Needs, type Primitive, type TextNeeds } from './needs.js';
import type { CompiledRule } from './rule.js';

/** Longest string the trigram lookup reads; past it every text-filed rule of the field is a candidate. */
const MAX_GRAM_SCAN = 8192;
/** Most (phase, tool) buckets kept per policy; an unbounded set of tool names cannot grow memory. */
const MAX_BUCKETS = 512;

interface Group {
  kind: Needs['kind'];
  field: string;
  parts: FieldPath;
  /** For an equals group: rules by the value they need. */
  byKey: Map<Primitive, number[]>;
  /** For a text group: rules by their literal's rarest trigram (gramKey). */
  byGram?: Map<number | string, number[]>;
  /** For a shell group: rules by the program they need, and by the intent. */
  byProgram?: Map<string, number[]>;
  byIntent?: Map<string, number[]>;
  /** A text group's slot for its folded field, a detector group's for its probe's answer. */
  slot: number;
  /** Every rule of the group, for values the keys cannot be read from (a non-string, a huge string). */
  all: number[];
  /** For a detector group: whether its detector finds anything in this event. */
  probe?: DetectorProbe;
}

/** Literals a rule needs in one field, with the slot its folded text is read into. */
interface Literals {
  slot: number;
  parts: FieldPath;
  literals: readonly string[];
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

const PROGRAM = 'program:';
const INTENT = 'intent:';

function push<K>(map: Map<K, number[]>, key: K, i: number): void {
  const l = map.get(key);
  if (l === undefined) map.set(key, [i]);
  else if (l.at(-1) !== i) l.push(i);
}

/**
 * The trigram of `s` at `i` as an index key: three ASCII units packed into one small integer (no
 * string made and none boxed), any other trigram as its string. Both fields and literals are
 * keyed this way, so a literal's trigram and the same three units of a field meet under one key.
 */
function gramKey(s: string, i: number): number | string {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  const c = s.charCodeAt(i + 2);
  return (a | b | c) < 0x80 ? (a << 14) | (b << 7) | c : s.slice(i, i + 3);
}

/** The trigram (gramKey) of each literal that the fewest literals in the whole policy share. */
function rarestGrams(rules: readonly CompiledRule[]): Map<string, number | string> {
  const count = new Map<number | string, number>();
  const literals = new Set<string>();
  for (const r of rules)
    if (r.needs?.kind === 'text') for (const l of r.needs.literals) literals.add(l);
  for (const l of literals)
    for (let i = 0; i + 3 <= l.length; i++) {
      const g = gramKey(l, i);
      count.set(g, (count.get(g) ?? 0) + 1);
    }
  const pick = new Map<string, number | string>();
  for (const l of literals) {
    // a literal is at least 3 units long (needs.ts); a shorter one is filed under no trigram
    if (l.length < 3) continue;
    let best = gramKey(l, 0);
    let fewest = count.get(best) ?? 0;
    for (let i = 1; i + 3 <= l.length; i++) {
      const g = gramKey(l, i);
      const n = count.get(g) ?? 0;
      if (n < fewest) [best, fewest] = [g, n];
    }
    pick.set(l, best);
  }
  return pick;
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
  /**
   * What one candidates() call has read, stamped with its epoch rather than kept in maps made for
   * each decision: the rules it added, each field's folded text, each probe's answer.
   */
  private readonly seen: Uint32Array;
  private epoch = 0;
  private readonly foldedAt: Uint32Array;
  private readonly folded: (string | null)[];
  private readonly probedAt: Uint32Array;
  private readonly found: Uint8Array;
  /**
   * Per rule, the literals checked once a key selects it: a text rule's own (its key is one
   * trigram of them) and those other children of its `all` need.
   */
  private readonly also: (readonly Literals[] | undefined)[];

  constructor(rules: readonly CompiledRule[]) {
    const grams = rarestGrams(rules);
    this.seen = new Uint32Array(rules.length);
    // one slot per field whose folded text is read, one per probe key (a detector and parameters)
    const foldSlots = new Map<string, number>();
    const probeSlots = new Map<string, number>();
    const slotOf = (slots: Map<string, number>, key: string): number => {
      let k = slots.get(key);
      if (k === undefined) slots.set(key, (k = slots.size));
      return k;
    };
    const literals = (n: TextNeeds): Literals => ({
      slot: slotOf(foldSlots, n.field),
      parts: n.parts,
      literals: n.literals,
    });
    this.also = rules.map(({ needs: n }) =>
      n?.kind === 'text'
        ? [n, ...(n.also ?? [])].map(literals)
        : n === null || n === undefined || n.also === undefined
          ? undefined
          : n.also.map(literals),
    );
    const byMatcher = new Map<CompiledRule['tools'], Map<CompiledRule['phase'], Segment>>();
    // groups of a segment by kind, then field: no key string made per rule
    const groupsOf = new Map<Segment, Map<Needs['kind'], Map<string, Group>>>();
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
      const kinds = groupsOf.get(seg) ?? new Map<Needs['kind'], Map<string, Group>>();
      let groups = kinds.get(n.kind);
      if (groups === undefined) kinds.set(n.kind, (groups = new Map<string, Group>()));
      let g = groups.get(n.field);
      if (g === undefined) {
        g = { kind: n.kind, field: n.field, parts: n.parts, byKey: new Map(), all: [], slot: -1 };
        if (n.kind === 'detector') {
          g.probe = n.probe;
          g.slot = slotOf(probeSlots, n.field);
        } else if (n.kind === 'text') g.slot = slotOf(foldSlots, n.field);
        groups.set(n.field, g);
        seg.groups.push(g);
      }
      g.all.push(i);
      if (n.kind === 'shell')
        for (const k of n.keys) {
          // needs.ts's programKey and intentKey: looked up by the bare name, with no string made
          if (k.startsWith(PROGRAM))
            push((g.byProgram ??= new Map<string, number[]>()), k.slice(PROGRAM.length), i);
          else if (k.startsWith(INTENT))
            push((g.byIntent ??= new Map<string, number[]>()), k.slice(INTENT.length), i);
        }
      else if (n.kind === 'text')
        for (const l of n.literals) {
          const gram = grams.get(l);
          if (gram !== undefined)
            push((g.byGram ??= new Map<number | string, number[]>()), gram, i);
        }
      else if (n.kind === 'equals') for (const v of n.values) push(g.byKey, v, i);
    });
    this.foldedAt = new Uint32Array(foldSlots.size);
    this.folded = new Array<string | null>(foldSlots.size).fill(null);
    this.probedAt = new Uint32Array(probeSlots.size);
    this.found = new Uint8Array(probeSlots.size);
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

  /** The folded text of a field (null: not a string short enough to read), once per decision. */
  private foldedOf(slot: number, parts: FieldPath, event: EvalContext['event']): string | null {
    if (this.foldedAt[slot] === this.epoch) return this.folded[slot] ?? null;
    const v = getField(event, parts);
    const s = typeof v === 'string' && v.length <= MAX_GRAM_SCAN ? foldAscii(v) : null;
    this.foldedAt[slot] = this.epoch;
    this.folded[slot] = s;
    return s;
  }

  /** A literal need holds unless the field is a string short enough to read that has none of them. */
  private holds(needs: readonly Literals[], event: EvalContext['event']): boolean {
    for (const n of needs) {
      const s = this.foldedOf(n.slot, n.parts, event);
      if (s !== null && !n.literals.some((l) => s.includes(l))) return false;
    }
    return true;
  }

  /** Adds the rules of `list` not yet added whose other literal needs hold. */
  private add(
    list: readonly number[] | undefined,
    event: EvalContext['event'],
    out: number[],
  ): void {
    if (list === undefined) return;
    for (const i of list)
      if (this.seen[i] !== this.epoch) {
        this.seen[i] = this.epoch;
        const also = this.also[i];
        if (also === undefined || this.holds(also, event)) out.push(i);
      }
  }

  private visit(g: Group, ctx: EvalContext, out: number[]): void {
    const { event } = ctx;
    if (g.probe !== undefined) {
      // one scan per detector and parameters for the decision, whatever segments share it
      if (this.probedAt[g.slot] !== this.epoch) {
        this.probedAt[g.slot] = this.epoch;
        this.found[g.slot] = probed(g.probe, ctx) ? 1 : 0;
      }
      if (this.found[g.slot] === 1) this.add(g.all, event, out);
      return;
    }
    const v = getField(event, g.parts);
    if (g.kind === 'equals') {
      if (v === null || typeof v !== 'object') this.add(g.byKey.get(v as Primitive), event, out);
    } else if (g.kind === 'shell') {
      if (typeof v !== 'string') return;
      const view = ctx.shell(v);
      const { byProgram, byIntent } = g;
      if (byProgram !== undefined)
        for (const c of view.analysis.commands) this.add(byProgram.get(c.name), event, out);
      // intents are classified only for a group that files a rule under one
      if (byIntent !== undefined)
        for (const h of view.intents) this.add(byIntent.get(h.intent), event, out);
    } else if (typeof v === 'string' && v.length <= MAX_GRAM_SCAN) {
      const s = this.foldedOf(g.slot, g.parts, event) ?? foldAscii(v);
      const byGram = g.byGram;
      if (byGram !== undefined)
        for (let i = 0; i + 3 <= s.length; i++) this.add(byGram.get(gramKey(s, i)), event, out);
    } else if (v !== undefined && typeof v !== 'number' && typeof v !== 'boolean')
      this.add(g.all, event, out);
  }

  /** Indexes into the policy's rules, ascending. */
  candidates(ctx: EvalContext): number[] {
    const b = this.bucket(ctx.event.phase, ctx.event.tool);
    if (!b.grouped) return b.always;
    if (++this.epoch === 0xffffffff) {
      this.seen.fill(0);
      this.foldedAt.fill(0);
      this.probedAt.fill(0);
      this.epoch = 1;
    }
    const out: number[] = [];
    try {
      for (const seg of b.segments) for (const g of seg.groups) this.visit(g, ctx, out);
    } finally {
      // the event's text is not kept past its decision
      this.folded.fill(null);
    }
    if (out.length === 0) return b.always;
    out.sort((x, y) => x - y);
    return b.always.length === 0 ? out : mergeSorted(b.always, out);
  }
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
