// Flow and taint: one outbound check: the argument leaves, their decoded views, all indexes.
import { argumentLeaves } from './args-leaves.js';
import { joinedCommandValues } from './command-values.js';
import { decodeViews, type View } from './decoder.js';
import type { FlowLimits } from './flow-limits.js';
import { WINDOW } from './flow-limits.js';
import type { RawMatchIn } from './match-index.js';
import type { FlowCheck, FlowHit, TaintSource } from './taint.js';

/** A text checked: an argument, or a join of several (path `args`). */
interface CheckedLeaf {
  path: string;
  text: string;
  /** Starts with the previous call's end. */
  afterPrevious?: boolean;
}

/** Finds the taint of every scope in a leaf's views (`which` is the scope's position). */
export type ViewMatcher = (views: readonly View[]) => RawMatchIn[];

export interface IndexedTaint {
  /** The source of value `id`, or undefined if it is gone (then the match is ignored). */
  sourceOf(id: number): { source: TaintSource; chunked: boolean } | undefined;
}

/** How much of one call's joined argument values is kept to join with the next call's. */
export const CALL_JOIN = 256;

/** The argument values of a call joined in order: a value split across arguments is whole here. */
export function joinedValues(args: unknown, maxBytes: number): string {
  return argumentLeaves(args, 'args', maxBytes)
    .leaves.filter((l) => l.key !== true)
    .map((l) => l.text)
    .join('');
}

/**
 * Checks `args` (attacker-controlled: the agent wrote them) against every scope in `taint`. Besides
 * each argument alone, the values joined in order (after `previous`, the end of the session's last
 * call) and the values of each command line joined are checked, so fragments split across
 * arguments, a command's words or calls are found; such a hit names `args`.
 */
export function checkArguments(
  args: unknown,
  taint: readonly IndexedTaint[],
  limits: FlowLimits,
  match: ViewMatcher,
  previous = '',
): FlowCheck {
  const { leaves: own, truncated: cut } = argumentLeaves(args, 'args', limits.maxScanBytes);
  let truncated = cut;
  const hits: FlowHit[] = [];
  const seen = new Set<string>();
  if (taint.length === 0) return { hits, truncated, saturated: false };
  const values = own.filter((l) => l.key !== true);
  const ownJoined = values.map((l) => l.text).join('');
  // What the previous call's end carried alone was reported with that call, not again now.
  const earlier = new Set<string>();
  if (previous !== '')
    for (const m of match(decodeViews(previous, limits).views))
      earlier.add(`${m.which}:${m.valueId}`);
  const leaves: CheckedLeaf[] = [...own];
  if (previous !== '')
    leaves.push({ path: 'args', text: previous + ownJoined, afterPrevious: true });
  // This call's values joined alone, when the previous call's end already carried taint: a value
  // both carry is then still found whole in this call.
  if (values.length > 1 && (previous === '' || earlier.size > 0))
    leaves.push({ path: 'args', text: ownJoined });
  // a command line's values joined: a secret split across two of its arguments is whole there
  for (const v of values) {
    const parts = joinedCommandValues(v.text);
    if (parts !== null) leaves.push({ path: 'args', text: parts });
  }
  const found = new Set<number | string>();
  for (const leaf of leaves) {
    if (leaf.text.length < WINDOW) continue;
    const { views, truncated: short } = decodeViews(leaf.text, limits);
    truncated ||= short;
    for (const m of match(views)) {
      const known = taint[m.which]?.sourceOf(m.valueId);
      if (!known) continue;
      const key = `${leaf.path}\u0000${m.which}:${m.valueId}`;
      const value = `${m.which}:${m.valueId}`;
      // The joined views only add what no single argument carried, and the view after the previous
      // call's end only what that end did not carry alone.
      if (seen.has(key) || (leaf.path === 'args' && found.has(value))) continue;
      if (leaf.afterPrevious === true && earlier.has(value)) continue;
      seen.add(key);
      found.add(value);
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
