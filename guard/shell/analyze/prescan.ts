// Bounds checked on the source before any parse (docs/guard.md "Shell analysis").
import type { ShellLimits, ShellStatus } from '../model.js';

/**
 * Cheap bounds checked before parsing, so pathological inputs never reach the parser: pipe count,
 * bracket depth, and unquoted words (counted up to the first heredoc, whose body is data).
 */
export function prescan(source: string, limits: ShellLimits): ShellStatus {
  let pipes = 0;
  let depth = 0;
  let deepest = 0;
  let words = 0;
  let quote = 0;
  let inWord = false;
  let counting = true;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x7c) pipes++;
    else if (c === 0x28 || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x29 || c === 0x7d) depth = Math.max(0, depth - 1);
    if (!counting) continue;
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x27 || c === 0x22) quote = c;
    if (c === 0x3c && source.charCodeAt(i + 1) === 0x3c) counting = false;
    const space = c === 0x20 || c === 0x09 || c === 0x0a;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  if (pipes > limits.maxPipes) return 'too_complex';
  if (deepest > limits.maxBrackets) return 'too_deep';
  return words > limits.maxArgs + 1 ? 'too_many_args' : 'ok';
}
