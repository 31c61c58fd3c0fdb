// Flow and taint: the in-process tracker (library, MCP proxy): per session, bounded by bytes. A full
// scope fails closed: it keeps every value it holds, refuses new ones and reports itself saturated, so
// the session's outbound calls escalate (docs/guard.md "Flow at scale"); nothing is evicted or rebuilt.
import { GuardError } from '../errors.js';
import { CALL_JOIN, checkArguments, joinedValues, resultText } from './flow-check.js';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from './flow-limits.js';
import { Lru } from './lru.js';
import { matchSampled } from './memory-index.js';
import { Scope } from './taint-scope.js';
import type { FlowCheck, TaintSource } from './taint.js';
import { resultTokens, taintRefusal } from './taint-policy.js';

/** How much of the previous sensitive result's end is joined to the next one's start. */
const JOIN = 256;
/** Sessions forgotten by the session bound that are still remembered as such (then saturated). */
const MAX_FORGOTTEN = 65_536;

export interface FlowTracker {
  /**
   * Registers a secret for one session, or for every session when `session` is omitted.
   * @throws GuardError `taint_refused` for a value that cannot be taint or when the node-wide
   *   scope is at its bound.
   */
  registerSecret(value: string, label: string, session?: string): void;
  /** Adds the high-entropy tokens of a sensitive result to the session's taint; returns how many. */
  observeResult(session: string, source: Omit<TaintSource, 'kind'>, result: unknown): number;
  /** Adds values a detector marked as credentials (content-based taint); returns how many. */
  observeValues(session: string, source: Omit<TaintSource, 'kind'>, values: string[]): number;
  /** Which arguments of an outbound call carry taint of this session (or a global secret). */
  check(session: string, args: Record<string, unknown>): FlowCheck;
}

/**
 * The in-process tracker.
 * @example
 * const t = createFlowTracker();
 * t.registerSecret(process.env.DEPLOY_TOKEN ?? '', 'deploy token');
 * t.check('session-1', { url: 'https://x.test/?t=...' }).hits; // [] or the tainted arguments
 */
export function createFlowTracker(limits: FlowLimits = DEFAULT_FLOW_LIMITS): FlowTracker {
  const global = new Scope(limits);
  const forgotten = new Lru<string, true>(MAX_FORGOTTEN);
  const sessions = new Lru<string, Scope>(limits.maxSessions, (id, s) => {
    if (s.size > 0 || s.full) forgotten.set(id, true);
  });
  const scope = (session: string): Scope => {
    let s = sessions.get(session);
    if (!s) {
      s = new Scope(limits);
      // A session whose taint was forgotten cannot be trusted to be clean: it starts full.
      s.full = forgotten.has(session);
      sessions.set(session, s);
    }
    return s;
  };
  const addAll = (s: Scope, source: TaintSource, values: Iterable<string>): number => {
    let added = 0;
    for (const v of values) if (s.add(v, source)) added++;
    return added;
  };
  return {
    registerSecret(value, label, session) {
      const why = taintRefusal(value, limits);
      if (why !== null)
        throw new GuardError('taint_refused', `secret "${label}" cannot be taint: ${why}`);
      const target = session === undefined ? global : scope(session);
      const source: TaintSource = { kind: 'secret', tool: 'secret', label };
      target.add(value.slice(0, limits.maxTaintLength), source);
      if (target === global && global.full)
        throw new GuardError(
          'taint_refused',
          `secret "${label}" cannot be taint: the node-wide taint is at its bound`,
          undefined,
          { hint: 'raise the flow limit maxTaintBytesPerScope or register fewer secrets' },
        );
    },
    observeResult(session, source, result) {
      const s = scope(session);
      const text = resultText(result, limits.maxScanBytes);
      const joined = s.tail + text.slice(0, JOIN);
      s.tail = text.slice(-JOIN);
      const tokens = new Set([...resultTokens(text, limits), ...resultTokens(joined, limits)]);
      return addAll(s, { kind: 'result', ...source }, tokens);
    },
    observeValues(session, source, values) {
      const kept = values
        .map((v) => v.slice(0, limits.maxTaintLength))
        .filter((v) => taintRefusal(v, limits) === null);
      return addAll(scope(session), { kind: 'credential', ...source }, kept);
    },
    check(session, args) {
      const s = scope(session);
      const saturated = global.full || s.full;
      // Only scopes holding taint are scanned: most calls have one (the session's or the node's).
      const scopes = [global, s].filter((x) => x.index.patternCount > 0);
      const indexes = scopes.map((x) => x.index);
      const previous = s.outTail;
      const r = checkArguments(
        args,
        scopes,
        limits,
        (views) => matchSampled(indexes, views),
        previous,
      );
      s.outTail = (previous + joinedValues(args, CALL_JOIN * 4)).slice(-CALL_JOIN);
      return { ...r, saturated };
    },
  };
}
