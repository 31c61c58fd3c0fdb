// docs/architecture.md "Guard": the four verdicts, their precedence, and the one exhaustive dispatch over them.

export const VERDICTS = ['allow', 'modify', 'escalate', 'block'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** BLOCK over ESCALATE over MODIFY over ALLOW: the stricter verdict wins when rules disagree. */
const RANK: Record<Verdict, number> = { allow: 0, modify: 1, escalate: 2, block: 3 };

export function isVerdict(v: unknown): v is Verdict {
  return typeof v === 'string' && (VERDICTS as readonly string[]).includes(v);
}

export function verdictRank(v: Verdict): number {
  return RANK[v];
}

/** What each verdict does; a front door supplies one handler per verdict. */
export interface VerdictHandlers<T> {
  allow: () => T;
  modify: () => T;
  escalate: () => T;
  block: () => T;
}

/**
 * The only place a verdict becomes an action. The verdict may come from JSON or a plug-in stage,
 * so a value outside the closed set (a future verdict, a typo) is treated as block.
 */
export function dispatchVerdict<T>(verdict: Verdict, handlers: VerdictHandlers<T>): T {
  switch (verdict) {
    case 'allow':
      return handlers.allow();
    case 'modify':
      return handlers.modify();
    case 'escalate':
      return handlers.escalate();
    case 'block':
      return handlers.block();
    default:
      return unhandled(verdict, handlers);
  }
}

function unhandled<T>(_verdict: never, handlers: VerdictHandlers<T>): T {
  return handlers.block();
}
