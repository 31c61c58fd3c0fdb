// The node's contribution (DESIGN.md "Report"): receipts in a window -> a 0/1 vector over the pack's
// catalog, hits first then false-positive sightings, for Prio3SumVec(length 2n, max_measurement 1).
export interface CatalogEntry {
  id: string;
  /** Content hash of the community rule; a locally edited rule hashes differently and never counts. */
  hash: string;
}

export interface DecisionRecord {
  rule: string | null;
  ruleHash: string | null;
  verdict: 'allow' | 'block' | 'modify' | 'escalate';
  shadow: boolean;
  /** Unix seconds. */
  time: number;
}

export interface FalsePositiveSighting {
  rule: string;
  ruleHash: string;
  time: number;
}

export interface Window {
  start: number;
  duration: number;
}

function inWindow(t: number, w: Window): boolean {
  return t >= w.start && t < w.start + w.duration;
}

/** A rule "hit" when it decided anything but allow, shadow decisions included (they are the signal). */
export function buildReportVector(
  catalog: readonly CatalogEntry[],
  decisions: Iterable<DecisionRecord>,
  sightings: Iterable<FalsePositiveSighting>,
  window: Window,
): number[] {
  const index = new Map(catalog.map((c, i) => [c.id, { i, hash: c.hash }]));
  const vector = new Array<number>(catalog.length * 2).fill(0);
  const community = (rule: string | null, hash: string | null): number | undefined => {
    if (rule === null) return undefined;
    const entry = index.get(rule);
    return entry && entry.hash === hash ? entry.i : undefined;
  };
  for (const d of decisions) {
    if (d.verdict === 'allow' || !inWindow(d.time, window)) continue;
    const i = community(d.rule, d.ruleHash);
    if (i !== undefined) vector[i] = 1;
  }
  for (const s of sightings) {
    if (!inWindow(s.time, window)) continue;
    const i = community(s.rule, s.ruleHash);
    if (i !== undefined) vector[catalog.length + i] = 1;
  }
  return vector;
}
