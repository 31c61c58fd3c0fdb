// Library API: wraps a tool function so every call and its result pass through a guard.
import type { Decision } from '../decision.js';
import { GuardError } from '../errors.js';
import type { Guard } from '../guard.js';
import { dispatchVerdict } from '../verdict.js';
import { resolveEscalation, type EscalationOptions } from './escalate.js';

/** A call or result the guard refused; `decision` says which rule and why (never a secret). */
export class GuardBlockedError extends GuardError {
  override readonly name = 'GuardBlockedError';
  constructor(readonly decision: Decision) {
    super(
      'call_blocked',
      `blocked by ${decision.rule ?? 'guard'}: ${decision.reason}`,
      decision.attributed_to ?? undefined,
    );
  }
}

export interface GuardToolOptions extends Omit<EscalationOptions, 'frontDoor'> {
  session?: string;
  principal?: string;
}

/**
 * `guardTool(guard, 'WebFetch', fetchTool)` returns a function with the same shape that decides the
 * call (allow, modified arguments, escalation, or GuardBlockedError) and then decides the result.
 */
export function guardTool<A extends Record<string, unknown>, R>(
  guard: Guard,
  tool: string,
  fn: (args: A) => R | Promise<R>,
  opts: GuardToolOptions = {},
): (args: A) => Promise<R> {
  const who = {
    ...(opts.session ? { session: opts.session } : {}),
    ...(opts.principal ? { principal: opts.principal } : {}),
  };
  const settle = async (d: Decision, args: unknown): Promise<Decision> =>
    resolveEscalation(d, { tool, args, session: opts.session }, { ...opts, frontDoor: 'library' });
  return async (args: A): Promise<R> => {
    const call = await settle(await guard.decide({ phase: 'call', tool, args, ...who }), args);
    const effective = dispatchVerdict(call.verdict, {
      allow: () => args,
      modify: () => (call.args ?? args) as A,
      escalate: () => {
        throw new GuardBlockedError(call);
      },
      block: () => {
        throw new GuardBlockedError(call);
      },
    });
    const result = await fn(effective);
    const after = await settle(
      await guard.decide({ phase: 'result', tool, args: effective, result, ...who }),
      effective,
    );
    return dispatchVerdict(after.verdict, {
      allow: () => result,
      modify: () => (after.result === undefined ? result : (after.result as R)),
      escalate: () => {
        throw new GuardBlockedError(after);
      },
      block: () => {
        throw new GuardBlockedError(after);
      },
    });
  };
}
