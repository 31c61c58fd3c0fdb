// docs/guard.md "Receipts" and "Escalation and reviews" (previews): what the flow tracker found in the
// calls and results it saw recently, so a preview masks every argument that carries taint (a value
// read earlier, a registered secret) and every result that became taint, not only pattern matches.
// It wraps a tracker through its public methods; the tracker's own state is untouched.
import { argsDigest } from '../review/call-binding.js';
import { targetOf } from './flow-stage.js';
import { Lru } from './lru.js';
import type { FlowTracker } from './tracker.js';

/** How many recent calls and results are remembered (a preview is written right after its decision). */
const REMEMBERED = 256;

export interface TaintMemo {
  /** The tracker to wire into the guard: the same tracker, its answers remembered. */
  tracker: FlowTracker;
  /** The argument paths (`args.body`, `args` for a value split across arguments) that carried taint. */
  taintedPaths: (session: string, args: unknown) => ReadonlySet<string>;
  /**
   * The paths of one event (raw, as a door handed it to the guard) to mask whole in its preview: the
   * tainted arguments of a call, and `result` for a result that became taint.
   */
  eventTaint: (event: unknown) => ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * Remembers which calls carried taint and which results created it.
 * @example
 * const memo = memoTaint(createFlowTracker());
 * const parts = wireFlow(memo.tracker, { builtinRules: true });
 * memo.taintedPaths('s1', { body: '…' }); // Set { 'args.body' } once the guard found taint there
 */
export function memoTaint(inner: FlowTracker): TaintMemo {
  const calls = new Lru<string, ReadonlySet<string>>(REMEMBERED);
  const results = new Lru<string, true>(REMEMBERED);
  const callKey = (session: string, args: unknown): string => `${session}\0${argsDigest(args)}`;
  // A result is known by its digest (observed whole) or by its call's target (credential values).
  const resultKey = (session: string, result: unknown): string =>
    `r\0${session}\0${argsDigest(result)}`;
  const valuesKey = (session: string, tool: string, label: string): string =>
    `v\0${session}\0${tool}\0${label}`;
  const tracker: FlowTracker = {
    registerSecret: (value, label, session) => {
      inner.registerSecret(value, label, session);
    },
    observeResult(session, source, result) {
      const n = inner.observeResult(session, source, result);
      if (n > 0) results.set(resultKey(session, result), true);
      return n;
    },
    observeValues(session, source, values) {
      const n = inner.observeValues(session, source, values);
      if (n > 0) results.set(valuesKey(session, source.tool, source.label), true);
      return n;
    },
    check(session, args) {
      const r = inner.check(session, args);
      if (r.hits.length > 0) calls.set(callKey(session, args), new Set(r.hits.map((h) => h.path)));
      return r;
    },
  };
  const taintedPaths = (session: string, args: unknown): ReadonlySet<string> =>
    calls.get(callKey(session, args)) ?? NONE;
  return {
    tracker,
    taintedPaths,
    eventTaint: (event) => {
      const e = obj(event);
      const session = str(e.session);
      if (e.phase === 'result') {
        const became =
          results.has(resultKey(session, e.result)) ||
          results.has(valuesKey(session, str(e.tool), targetOf(obj(e.args))));
        return became ? new Set(['result']) : NONE;
      }
      return taintedPaths(session, e.args ?? {});
    },
  };
}
