// The decision engine: one event in, every matching rule and stage collected, one decision out.
import type { Decision, Evaluation, Hit } from './decision.js';
import type { ShellView } from './detectors/detector.js';
import { GuardError } from './errors.js';
import { parseEvent, type EventLimits, type GuardEvent } from './event.js';
import { applyRewrites } from './rewrite.js';
import type { EvalContext } from './rules/condition.js';
import { getField } from './rules/field.js';
import type { Policy } from './rules/policy.js';
import type { CompiledRule } from './rules/rule.js';
import { ruleIndex } from './rules/rule-index.js';
import { NO_SESSION, type SessionTable, type SessionView } from './session.js';
import { analyzeShell } from './shell/analyze.js';
import { classify } from './shell/intents.js';
import { SessionDefinitions, type ShellDefinitions } from './shell/session-definitions.js';
import { clientOf } from './shell/intent-sql.js';
import { ShellViewCache } from './shell/view-cache.js';
import {
  absoluteIn,
  readSqlFile,
  SessionSqlFiles,
  sqlFileIntents,
  sqlFileTargets,
} from './shell/sql-files.js';
import { sqlEffects, type SqlReading } from './sql/effects.js';
import { SqlReadingCache } from './sql/reading-cache.js';
import { currentSqlParser, loadSqlParser } from './sql/parser.js';
import type { ShellLimits } from './shell/model.js';
import type { ShellParser } from './shell/parser.js';
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

/** Functions and aliases per session, beside each guard's session table (which lives as long). */
const DEFINITIONS = new WeakMap<SessionTable, SessionDefinitions>();

/** SQL files each session's agent wrote, beside the session table, for `psql -f FILE`. */
const SQL_FILES = new WeakMap<SessionTable, SessionSqlFiles>();

function sqlFilesOf(parts: EngineParts): SessionSqlFiles {
  let f = SQL_FILES.get(parts.sessions);
  if (f === undefined) SQL_FILES.set(parts.sessions, (f = new SessionSqlFiles()));
  return f;
}

/** A call that writes a `.sql` file (Write's file_path and content): kept for a later `psql -f`. */
function recordSqlWrite(event: GuardEvent, parts: EngineParts): void {
  const { file_path: path, content } = event.args;
  if (event.phase !== 'call' || typeof path !== 'string' || typeof content !== 'string') return;
  if (!/\.sql$/i.test(path)) return;
  sqlFilesOf(parts).record(event.session, absoluteIn(event.cwd, path), content);
}

/** SQL a client reads from a file: the session's own write of it first, else the file on disk. */
function fileSqlHits(analysis: ShellView['analysis'], event: GuardEvent, parts: EngineParts) {
  if (!analysis.commands.some((c) => sqlFileTargets(c).length > 0)) return [];
  const files = sqlFilesOf(parts);
  return sqlFileIntents(analysis, (f) => {
    const abs = absoluteIn(event.cwd, f);
    return files.get(event.session, abs) ?? readSqlFile(abs);
  });
}

/** Shell views of earlier decisions, beside each guard's session table (which lives as long). */
const VIEWS = new WeakMap<SessionTable, ShellViewCache>();

/** SQL readings of earlier decisions, kept the same way. */
const READINGS = new WeakMap<SessionTable, SqlReadingCache>();

function readingsOf(parts: EngineParts): SqlReadingCache {
  let c = READINGS.get(parts.sessions);
  if (c === undefined) READINGS.set(parts.sessions, (c = new SqlReadingCache()));
  return c;
}

function viewsOf(parts: EngineParts): ShellViewCache {
  let c = VIEWS.get(parts.sessions);
  if (c === undefined) VIEWS.set(parts.sessions, (c = new ShellViewCache()));
  return c;
}

function definitionsOf(parts: EngineParts): ShellDefinitions {
  if (parts.definitions !== undefined) return parts.definitions;
  let d = DEFINITIONS.get(parts.sessions);
  if (d === undefined) DEFINITIONS.set(parts.sessions, (d = new SessionDefinitions()));
  return d;
}

/** Interpreter code that may hand SQL to a database library (read once PostgreSQL's grammar is in). */
const SQL_IN_CODE = /\b(?:DROP|TRUNCATE|DELETE|UPDATE|ALTER)\b/i;

/** Stands in while the parser is not loaded; the pass that saw it is discarded and run again. */
const PENDING_VIEW: ShellView = {
  analysis: { status: 'ok', commands: [], scripts: [] },
  intents: [],
};

interface PassContext extends EvalContext {
  /** Set when a condition asked for shell analysis before the parser was loaded. */
  pending: boolean;
  /** Set when SQL was read before PostgreSQL's grammar was loaded (it loads only when SQL appears). */
  sqlPending: boolean;
}

function makeContext(event: GuardEvent, parts: EngineParts, session: SessionView): PassContext {
  const shells = new Map<string, ShellView>();
  const ctx: PassContext = {
    event,
    session,
    cache: new Map(),
    ...(parts.egressHosts === undefined ? {} : { egressHosts: parts.egressHosts }),
    pending: false,
    sqlPending: false,
    sql(text): SqlReading {
      if (currentSqlParser() === undefined) {
        ctx.sqlPending = true;
        return sqlEffects(text);
      }
      const readings = readingsOf(parts);
      let r = readings.get(text);
      if (r === undefined) readings.set(text, (r = sqlEffects(text)));
      return r;
    },
    shell(text) {
      let v = shells.get(text);
      if (v === undefined) {
        const parser = parts.shell.current();
        if (parser === undefined) {
          ctx.pending = true;
          return PENDING_VIEW;
        }
        const defs = definitionsOf(parts);
        const known = defs.of(event.session);
        const views = known === undefined || known.size === 0 ? viewsOf(parts) : undefined;
        let cached = views?.get(text);
        if (cached === undefined) {
          const analysis = analyzeShell(parser, text, parts.shellLimits, known);
          cached = {
            analysis,
            intents: analysis.status === 'ok' ? classify(analysis, text) : [],
            sqlish:
              analysis.commands.some((c) => clientOf(c)) ||
              analysis.scripts.some((sc) => SQL_IN_CODE.test(sc.code)),
          };
          views?.set(text, cached);
        }
        const { analysis } = cached;
        // kept whatever the verdict: a blocked definition still names what the session tried
        if (event.phase === 'call') defs.record(event.session, analysis.definitions);
        // SQL files are session state and disk contents: read for every decision
        const files = analysis.status === 'ok' ? fileSqlHits(analysis, event, parts) : [];
        v = {
          analysis,
          intents: files.length === 0 ? cached.intents : [...cached.intents, ...files],
        };
        if (currentSqlParser() === undefined && cached.sqlish) ctx.sqlPending = true;
        shells.set(text, v);
      }
      return v;
    },
  };
  return ctx;
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
      const dyn = view.intents.find((h) => h.intent === 'dynamic_command');
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
  let ctx = makeContext(event, parts, session);
  let hits = ruleHits(event, parts.policies, ctx);
  // Rules are pure given the context, so the pass is simply repeated once the parsers are there
  // (the shell's first; SQL in a command shows only once the shell is read).
  for (let round = 0; round < 2 && (ctx.pending || ctx.sqlPending); round++) {
    if (ctx.pending) await parts.shell.load();
    // a SQL parser that cannot load leaves the lexical reading, which fails safe
    if (ctx.sqlPending) await loadSqlParser().catch(() => undefined);
    ctx = makeContext(event, parts, session);
    hits = ruleHits(event, parts.policies, ctx);
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
