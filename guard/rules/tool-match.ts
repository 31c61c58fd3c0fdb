// Tool-name globs with a per-name memo: tool names repeat, a glob need not run per event.
import type { RE2JS } from 're2js';
import { BoundedMemo } from '../flow/bounded-memo.js';
import { deferredGlob } from './glob.js';
import { wildcardMatch, wildcardTokens, type WildcardGlob } from './wildcard.js';

export type ToolMatcher = (tool: string) => boolean;

const MEMO_MAX = 1024;

/**
 * One tool glob, checked at load: the token walk matches when it can, RE2 (compiled on its first
 * use when it is plain, glob.ts deferredGlob) otherwise.
 */
interface ToolGlob {
  re: () => RE2JS;
  tokens: WildcardGlob | null;
}

/**
 * Compiled tool globs by source, shared by every rule in the process: a pack repeats a few globs
 * (`mcp__*`) over dozens of rules, and a hook process compiles its packs on every call. Only a glob
 * that passed deferredGlob's checks is kept, so a refused one is refused again at each use.
 */
const compiled = new BoundedMemo<string, ToolGlob>(MEMO_MAX);

function toolGlob(glob: string): ToolGlob {
  let g = compiled.get(glob);
  if (g === undefined) {
    g = { re: deferredGlob(glob), tokens: wildcardTokens(glob) };
    compiled.set(glob, g);
  }
  return g;
}

/** A new tool name is matched without RE2 (whose first runs cost milliseconds), else by RE2. */
function globMatches(g: ToolGlob, tool: string): boolean {
  const hit = g.tokens === null ? null : wildcardMatch(g.tokens, tool);
  return hit ?? g.re().testExact(tool);
}

/**
 * Matchers by their glob list: rules naming the same tools share one matcher (and its memo), which
 * the rule index files them under together (guard/rules/rule-index.ts).
 */
const matchers = new BoundedMemo<string, ToolMatcher>(MEMO_MAX);

export function toolMatcher(globs: readonly string[]): ToolMatcher {
  const key = JSON.stringify(globs);
  let m = matchers.get(key);
  if (m === undefined) {
    m = newMatcher(globs);
    matchers.set(key, m);
  }
  return m;
}

function newMatcher(globs: readonly string[]): ToolMatcher {
  const literal = new Set(globs.filter((g) => !/[*?[]/.test(g)));
  const patterns = globs.filter((g) => /[*?[]/.test(g)).map(toolGlob);
  const memo = new BoundedMemo<string, boolean>(MEMO_MAX);
  return (tool) => {
    if (literal.has(tool)) return true;
    if (patterns.length === 0) return false;
    let hit = memo.get(tool);
    if (hit === undefined) {
      hit = patterns.some((p) => globMatches(p, tool));
      memo.set(tool, hit);
    }
    return hit;
  };
}
