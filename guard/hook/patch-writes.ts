// Codex hooks (developers.openai.com/codex/hooks, "PreToolUse"): file edits reach the hook as
// `apply_patch` with the patch text in tool_input.command. Each file the patch adds, updates, moves to
// or deletes counts as a Write of that path, so rules about file writes decide patches too.
import type { BashWrite } from './bash-writes.js';

/** At most this many files per patch are decided on their own; a longer patch is refused whole. */
export const MAX_PATCH_FILES = 256;

const HEADER = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;

/**
 * The files an apply_patch body writes, with the lines it adds to each. The patch text is
 * attacker-influenced (the model wrote it); only its header lines are trusted as paths to decide.
 * @example patchWrites('*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch')
 * // [{ path: 'a.txt', via: 'apply_patch add', content: 'hi' }]
 */
export function patchWrites(patch: string): BashWrite[] | 'too_many' {
  const out: { path: string; via: string; lines: string[] }[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const h = HEADER.exec(line);
    if (h) {
      const kind = h[1] ?? '';
      out.push({
        path: (h[2] ?? '').trim(),
        via: `apply_patch ${kind.split(' ')[0]?.toLowerCase() ?? ''}`,
        lines: [],
      });
      if (out.length > MAX_PATCH_FILES) return 'too_many';
      continue;
    }
    const cur = out[out.length - 1];
    if (cur !== undefined && line.startsWith('+')) cur.lines.push(line.slice(1));
  }
  return out.map((w) => ({ path: w.path, via: w.via, content: w.lines.join('\n') }));
}
