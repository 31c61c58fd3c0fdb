// The node's contribution (DESIGN.md "Report"): receipts in a window -> a 0/1 vector over the pack's
// catalog, hits first then false-positive sightings, for Prio3SumVec(length 2n, max_measurement 1).
// Locally edited rules carry another id (packs' LOCAL_SUFFIX), so they never match the catalog.

/** What a receipt says about one rule that fired (shadow hits included: they are the signal). */
export interface RuleHitRecord {
  rule: string;
  /** Unix seconds. */
  time: number;
}

export interface FalsePositiveSighting {
  rule: string;
  time: number;
}

export interface Window {
  start: number;
  duration: number;
}

function inWindow(t: number, w: Window): boolean {
  return t >= w.start && t < w.start + w.duration;
}

export function buildReportVector(
  catalog: readonly string[],
  hits: Iterable<RuleHitRecord>,
  sightings: Iterable<FalsePositiveSighting>,
  window: Window,
): number[] {
  const index = new Map(catalog.map((id, i) => [id, i]));
  const vector = new Array<number>(catalog.length * 2).fill(0);
  for (const h of hits) {
    const i = index.get(h.rule);
    if (i !== undefined && inWindow(h.time, window)) vector[i] = 1;
  }
  for (const s of sightings) {
    const i = index.get(s.rule);
    if (i !== undefined && inWindow(s.time, window)) vector[catalog.length + i] = 1;
  }
  return vector;
}
