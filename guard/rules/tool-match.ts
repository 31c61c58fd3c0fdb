// Tool-name globs with a per-name memo: tool names repeat, RE2 need not run per event.
import type { RE2JS } from 're2js';
import { compileGlob } from './glob.js';

export type ToolMatcher = (tool: string) => boolean;

const MEMO_MAX = 1024;

export function toolMatcher(globs: readonly string[]): ToolMatcher {
  const literal = new Set(globs.filter((g) => !/[*?[]/.test(g)));
  const patterns: RE2JS[] = globs.filter((g) => /[*?[]/.test(g)).map((g) => compileGlob(g));
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
