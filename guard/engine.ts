// The decision engine: one event in, every matching rule and stage collected, one decision out.
import type { Decision, Evaluation, Hit } from './decision.js';
import { GuardError } from './errors.js';
import { parseEvent, type EventLimits, type GuardEvent } from './event.js';
import { asCodeCommand } from './interp/code-tools.js';
import { applyRewrites } from './rewrite.js';
import type { EvalContext } from './rules/condition.js';
import { makeContext, recordSqlWrite } from './pass-context.js';
import { getField } from './rules/field.js';
import type { Policy } from './rules/policy.js';
import type { CompiledRule } from './rules/rule.js';
import { ruleIndex } from './rules/rule-index.js';
import { NO_SESSION, type SessionTable, type SessionView } from './session.js';
import { loadSqlParser } from './sql/parser.js';
import type { ShellDefinitions } from './shell/session-definitions.js';
import type { ShellLimits } from './shell/model.js';
import type { ShellParser } from './shell/parser.js';
import { dynamicCommand } from './shell/view-cache.js';
import { dispatchVerdict, verdictRank } from './verdict.js';

/** A plug-in evaluator (e.g. flow/taint) whose hits compete with the rules under the same precedence. */
export interface GuardStage {
  name: string;
  evaluate(event: GuardEvent, ctx: EvalContext): Hit[] | Promise<Hit[]>;
}

/** The shell parser, loaded only when an event first needs shell analysis (it costs ~90 ms of wasm). */
export interface ShellSource {
  current(): ShellParser | undefined;
  load(): Promise<ShellParser>;
}

export interface EngineParts {
  policies: readonly Policy[];
  stages: readonly GuardStage[];
  shell: ShellSource;
  sessions: SessionTable;
  eventLimits: EventLimits;
  shellLimits: ShellLimits;
  now: () => number;
  /** Where functions and aliases of a session's earlier calls are kept; absent: in this process. */
  definitions?: ShellDefinitions;
  /** Hosts the operator adds to the host policy (validated by hostEntryProblem). */
  egressHosts?: readonly string[];
}

function engineHit(
  rule: string,
  verdict: Hit['verdict'],
  reason: string,
  attributed: string | null,
): Hit {
  return { rule, verdict, reason, attributed_to: attributed, status: 'active', detectors: [] };
}

function sessionOf(event: GuardEvent, sessions: SessionTable, now: number): SessionView {
  if (event.session === undefined || event.phase !== 'call') return NO_SESSION;
  const raw = JSON.stringify(event.args);
  return sessions.record(
    event.session,
    `${event.tool}\u0000${raw.length > 4096 ? `${raw.slice(0, 4096)}#${raw.length}` : raw}`,
    now,
  );
}

/** Fields declared as shell that do not parse cleanly, or exceed the bounds, escalate. */
function shellHits(event: GuardEvent, policies: readonly Policy[], ctx: EvalContext): Hit[] {
  const hits: Hit[] = [];
  for (const p of policies)
    for (const s of p.shell) {
      if (!s.tools(event.tool)) continue;
      const v = getField(event, s.parts);
      if (v === undefined) continue;
      if (typeof v !== 'string') {
        hits.push(
          engineHit('guard.shell.not-text', 'escalate', `${s.text} is not a string`, s.text),
        );
        continue;
      }
      const view = ctx.shell(v);
      const status = view.analysis.status;
      if (status !== 'ok')
        hits.push(
          engineHit(
            `guard.shell.${status.replaceAll('_', '-')}`,
            'escalate',
            `shell command could not be analysed (${status})`,
            s.text,
          ),
        );
      // docs/guard.md "Commands assembled at run time": what runs is unknown and something is risky
      const dyn = dynamicCommand(view);
      if (dyn !== undefined)
        hits.push(engineHit('guard.shell.dynamic-command', 'escalate', dyn.detail, s.text));
    }
  return hits;
}

function ruleHit(rule: CompiledRule, event: GuardEvent, ctx: EvalContext): Hit | null {
  let m;
  try {
    m = rule.when(ctx);
  } catch (e) {
    return {
      ...engineHit(
        rule.id,
        'escalate',
        `rule evaluation failed: ${(e as Error).message.slice(0, 200)}`,
        null,
      ),
      status: rule.status === 'shadow' ? 'shadow' : 'active',
    };
  }
  if (m === null) return null;
  const detail = m.findings[0]?.reason;
  const hit: Hit = {
    rule: rule.id,
    verdict: rule.verdict,
    reason: detail === undefined ? rule.reason : `${rule.reason}: ${detail}`,
    attributed_to: m.path,
    status: rule.status === 'shadow' ? 'shadow' : 'active',
    detectors: [...new Set(m.detectors)],
  };
  if (rule.verdict === 'modify') {
    const rw = applyRewrites(event.args, event.result, rule.set, m.findings);
    if (!rw.complete)
      return {
        ...hit,
        verdict: 'escalate',
        reason: `${hit.reason} (rewrite could not be applied)`,
      };
    if (event.phase === 'call') hit.args = rw.args;
    else hit.result = rw.result;
  }
  return hit;
}

/** An engine fallback (`guard.*`) gives way to a pack rule of the same verdict: that rule is named,
 * counted in reports and tested with the pack; a community rule gives way to a local one. */
function outranks(h: Hit, top: Hit): boolean {
  const d = verdictRank(h.verdict) - verdictRank(top.verdict);
  if (d !== 0) return d > 0;
  if (top.rule.startsWith('guard.') && !h.rule.startsWith('guard.')) return true;
  // Local policy speaks for the operator: of two equal verdicts, its rule is the one that decides.
  return top.community === true && h.community !== true;
}

function choose(hits: readonly Hit[]): Decision {
  let top: Hit | undefined;
  for (const h of hits)
    if (h.status === 'active' && (top === undefined || outranks(h, top))) top = h;
  if (top === undefined) {
    const s = hits.find((h) => h.status === 'shadow');
    if (s === undefined)
      return {
        verdict: 'allow',
        rule: null,
        reason: 'no rule matched',
        attributed_to: null,
        shadow: false,
      };
    return {
      verdict: 'allow',
      rule: s.rule,
      reason: `shadow: would ${s.verdict}: ${s.reason}`,
      attributed_to: s.attributed_to,
      shadow: true,
    };
  }
  const win = top;
  const base: Decision = {
    verdict: win.verdict,
    rule: win.rule,
    reason: win.reason,
    attributed_to: win.attributed_to,
    shadow: false,
    ...(win.community ? { community: true as const } : {}),
  };
  return dispatchVerdict(win.verdict, {
    allow: () => base,
    block: () => base,
    escalate: () => base,
    modify: () => {
      if (win.args === undefined && win.result === undefined)
        return { ...base, verdict: 'escalate', reason: `${win.reason} (no rewrite produced)` };
      const d: Decision = { ...base };
      if (win.args !== undefined) d.args = win.args;
      if (win.result !== undefined) d.result = win.result;
      return d;
    },
  });
}

function invalid(e: unknown, started: bigint): Evaluation {
  const ge = e instanceof GuardError ? e : new GuardError('event_invalid', String(e));
  const decision: Decision = {
    verdict: 'escalate',
    rule: `guard.${ge.code.replaceAll('_', '-')}`,
    reason: ge.message,
    attributed_to: ge.path ?? null,
    shadow: false,
  };
  return { decision, hits: [], elapsedNs: Number(process.hrtime.bigint() - started) };
}

function ruleHits(event: GuardEvent, policies: readonly Policy[], ctx: EvalContext): Hit[] {
  const hits = shellHits(event, policies, ctx);
  for (const p of policies)
    for (const i of ruleIndex(p.rules).candidates(ctx)) {
      // docs/guard.md "Rule index": a rule left out by the index cannot match this event
      const rule = p.rules[i];
      if (rule === undefined) continue;
      const h = ruleHit(rule, event, ctx);
      if (h === null) continue;
      if (p.community) h.community = true;
      hits.push(h);
    }
  return hits;
}

export async function evaluateEvent(input: unknown, parts: EngineParts): Promise<Evaluation> {
  const started = process.hrtime.bigint();
  let event: GuardEvent;
  try {
    event = parseEvent(input, parts.eventLimits);
  } catch (e) {
    return invalid(e, started);
  }
  const session = sessionOf(event, parts.sessions, parts.now());
  recordSqlWrite(event, parts);
  // docs/guard.md "Interpreter code": a code tool's call is judged as the command that runs its code
  const judged = asCodeCommand(event);
  let ctx = makeContext(judged, parts, session);
  let hits = ruleHits(judged, parts.policies, ctx);
  // Rules are pure given the context, so the pass is simply repeated once the parsers are there
  // (the shell's first; SQL in a command shows only once the shell is read).
  for (let round = 0; round < 2 && (ctx.pending || ctx.sqlPending); round++) {
    if (ctx.pending) await parts.shell.load();
    // a SQL parser that cannot load leaves the lexical reading, which fails safe
    if (ctx.sqlPending) await loadSqlParser().catch(() => undefined);
    ctx = makeContext(judged, parts, session);
    hits = ruleHits(judged, parts.policies, ctx);
  }
  for (const stage of parts.stages) {
    try {
      hits.push(...(await stage.evaluate(event, ctx)));
    } catch (e) {
      hits.push(
        engineHit(
          `stage.${stage.name}`,
          'escalate',
          `stage failed: ${(e as Error).message.slice(0, 200)}`,
          null,
        ),
      );
    }
  }
  return { decision: choose(hits), hits, elapsedNs: Number(process.hrtime.bigint() - started) };
}
