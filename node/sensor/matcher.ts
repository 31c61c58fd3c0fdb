// The narrow slice of guard's taint matcher (guard/flow) the sensor needs: guard decides.

export interface TaintHitView {
  path: string;
  source: { label: string };
  encoding: string;
  layers: readonly string[];
}

/** Satisfied by guard's FlowTracker: secrets registered once, each egress excerpt checked. */
export interface TaintMatcher {
  registerSecret(value: string, label: string, session?: string): void;
  check(
    session: string,
    args: Record<string, unknown>,
  ): { hits: readonly TaintHitView[]; truncated: boolean };
}
