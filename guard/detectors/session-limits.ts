// `session_limits`: rate, budget and loop limits per session (counted by the guard instance, or by a
// store shared between processes when a front door binds the detector to one).
import type { Detector, DetectorContext, Finding } from './detector.js';
import type { SessionView } from '../session.js';
import { checkKeys, intParam } from './params.js';
import { RuleError } from '../errors.js';

export interface LimitParams {
  perMinute?: number;
  total?: number;
  repeats?: number;
}

/** The detector reading a session's counters from `viewOf` (the engine's own: `ctx.session`). */
export function sessionLimitsWith(
  viewOf: (ctx: DetectorContext) => SessionView,
): Detector<LimitParams> {
  return {
    ...sessionLimitsDetector,
    scan: (_v, _p, ctx, params) => scanLimits(viewOf(ctx), params),
  };
}

function scanLimits(s: SessionView, p: LimitParams): Finding[] {
  const findings: Finding[] = [];
  if (p.perMinute !== undefined && s.callsLastMinute > p.perMinute)
    findings.push({
      path: 'session',
      reason: `rate ${s.callsLastMinute}/min over ${p.perMinute}`,
    });
  if (p.total !== undefined && s.calls > p.total)
    findings.push({ path: 'session', reason: `budget ${s.calls} calls over ${p.total}` });
  if (p.repeats !== undefined && s.repeats > p.repeats)
    findings.push({
      path: 'session',
      reason: `same call ${s.repeats} times in a row (loop limit ${p.repeats})`,
    });
  return findings;
}

export const sessionLimitsDetector: Detector<LimitParams> = {
  name: 'session_limits',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['max_calls_per_minute', 'max_calls', 'max_repeats'], path);
    const out: LimitParams = {};
    const perMinute = intParam(p, 'max_calls_per_minute', path);
    const total = intParam(p, 'max_calls', path);
    const repeats = intParam(p, 'max_repeats', path);
    if (perMinute !== undefined) out.perMinute = perMinute;
    if (total !== undefined) out.total = total;
    if (repeats !== undefined) out.repeats = repeats;
    if (Object.keys(out).length === 0)
      throw new RuleError(
        null,
        'set at least one of max_calls_per_minute, max_calls, max_repeats',
        path,
      );
    return out;
  },
  scan: (_value, _path, ctx, p) => scanLimits(ctx.session, p),
};
