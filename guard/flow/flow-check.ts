// Flow and taint: one outbound check: the argument leaves, their decoded views, all indexes.
import { argumentLeaves } from './args-leaves.js';
import { decodeViews, type View } from './decoder.js';
import type { FlowLimits } from './flow-limits.js';
import { WINDOW } from './flow-limits.js';
import type { RawMatchIn } from './match-index.js';
import type { FlowCheck, FlowHit, TaintSource } from './taint.js';

/** Finds the taint of every scope in a leaf's views (`which` is the scope's position). */
export type ViewMatcher = (views: readonly View[]) => RawMatchIn[];

export interface IndexedTaint {
  /** The source of value `id`, or undefined if it is gone (then the match is ignored). */
  sourceOf(id: number): { source: TaintSource; chunked: boolean } | undefined;
}

/** Checks `args` (attacker-controlled: the agent wrote them) against every scope in `taint`. */
export function checkArguments(
  args: unknown,
  taint: readonly IndexedTaint[],
  limits: FlowLimits,
  match: ViewMatcher,
): FlowCheck {
  const { leaves, truncated: cut } = argumentLeaves(args, 'args', limits.maxScanBytes);
  let truncated = cut;
  const hits: FlowHit[] = [];
  const seen = new Set<string>();
  if (taint.length === 0) return { hits, truncated, saturated: false };
  for (const leaf of leaves) {
    if (leaf.text.length < WINDOW) continue;
    const { views, truncated: short } = decodeViews(leaf.text, limits);
    truncated ||= short;
    for (const m of match(views)) {
      const known = taint[m.which]?.sourceOf(m.valueId);
      if (!known) continue;
      const key = `${leaf.path}\u0000${m.which}:${m.valueId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push({
        path: leaf.path,
        source: known.source,
        encoding: m.encoding,
        layers: m.layers,
        partial: known.chunked,
      });
    }
  }
  return { hits, truncated, saturated: false };
}

/** The text of a tool result: its string leaves joined by newlines (JSON results included). */
export function resultText(result: unknown, maxBytes: number): string {
  if (typeof result === 'string') return result.slice(0, maxBytes);
  return argumentLeaves(result, 'result', maxBytes)
    .leaves.map((l) => l.text)
    .join('\n');
}
