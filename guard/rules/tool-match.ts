// Tool-name globs with a per-name memo: tool names repeat, RE2 need not run per event.
import type { RE2JS } from 're2js';
import { compileGlob } from './glob.js';

export type ToolMatcher = (tool: string) => boolean;

const MEMO_MAX = 1024;

/**
 * Compiled tool globs by source, shared by every rule in the process: a pack repeats a few globs
 * (`mcp__*`) over dozens of rules, and a hook process compiles its packs on every call. Only a glob
 * that passed compileGlob's checks is kept, so a refused one is refused again at each use.
 */
const compiled = new Map<string, RE2JS>();

function toolGlob(glob: string): RE2JS {
  let re = compiled.get(glob);
  if (re === undefined) {
    re = compileGlob(glob);
    if (compiled.size >= MEMO_MAX) compiled.clear();
    compiled.set(glob, re);
  }
  return re;
}

/**
 * Matchers by their glob list: rules naming the same tools share one matcher (and its memo), which
 * the rule index files them under together (guard/rules/rule-index.ts).
 */
const matchers = new Map<string, ToolMatcher>();

export function toolMatcher(globs: readonly string[]): ToolMatcher {
  const key = JSON.stringify(globs);
  let m = matchers.get(key);
  if (m === undefined) {
    m = newMatcher(globs);
    if (matchers.size >= MEMO_MAX) matchers.clear();
    matchers.set(key, m);
  }
  return m;
}

function newMatcher(globs: readonly string[]): ToolMatcher {
  const literal = new Set(globs.filter((g) => !/[*?[]/.test(g)));
  const patterns: RE2JS[] = globs.filter((g) => /[*?[]/.test(g)).map(toolGlob);
  const memo = new Map<string, boolean>();
  return (tool) => {
    if (literal.has(tool)) return true;
    if (patterns.length === 0) return false;
    let hit = memo.get(tool);
    if (hit === undefined) {
      hit = patterns.some((p) => p.testExact(tool));
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(tool, hit);
    }
    return hit;
  };
}
