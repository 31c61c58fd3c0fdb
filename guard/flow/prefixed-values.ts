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
  return [rest, rest.slice(0, half), rest.slice(half)].filter(
    (part) => part.length < value.length && taintRefusal(part, limits) === null,
  );
}
