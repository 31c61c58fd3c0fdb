// Flow and taint: a credential's format prefix (`whsec_`, `ghp_`, `sk-`, `sk_live_`, `AKIA`) is no
// secret; the random part after it is, and may leave without the prefix, encoded on its own or in
// halves (docs/guard.md "Flow and taint").
import type { FlowLimits } from './flow-limits.js';
import { taintRefusal } from './taint-policy.js';

/**
 * A format prefix: one or two lower-case words of 2-10 letters each ended by `_` or `-`
 * (`whsec_`, `sk_live_`, `github_pat_`, `xoxb-`), or an AWS or Google key-id prefix.
 */
const PREFIX = /^(?:(?:[a-z]{2,10}[_-]){1,2}|A(?:KIA|SIA|GPA|IDA|ROA|NPA|NVA|IPA)|AIza)/;

/**
 * The parts of `value` taint also looks for under the value's own identity: for a value with a
 * format prefix, the part after the prefix and that part's two halves, each kept only when it may
 * be taint on its own (long and random enough), so an encoding of the random part alone or of a
 * half is still found and reported as the value.
 */
export function prefixParts(value: string, limits: FlowLimits): string[] {
  const m = PREFIX.exec(value);
  if (m === null || value.length > limits.longValue) return [];
  const rest = value.slice(m[0].length);
  const half = Math.ceil(rest.length / 2);
  const parts = new Set([rest, rest.slice(0, half), rest.slice(half)]);
  // pieces of the shortest taint length every PIECE_STRIDE characters: any run of the random part
  // PIECE_STRIDE - 1 characters longer than a piece holds one whole, so a part sent alone (with or
  // without the prefix) is found however the value was cut
  const piece = limits.minTaintLength;
  for (let at = 0; at + piece <= rest.length; at += PIECE_STRIDE)
    parts.add(rest.slice(at, at + piece));
  return [...parts].filter(
    (part) => part.length < value.length && taintRefusal(part, limits) === null,
  );
}

/** How far apart the pieces of a prefixed value's random part start. */
const PIECE_STRIDE = 4;
