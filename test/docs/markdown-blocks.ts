// The fenced code blocks of a Markdown file (CommonMark backtick fences), for the tests that check
// the docs against the real CLI, and a `mesh` on PATH that is this checkout's bin/mesh.js.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/env.js';

export interface CodeBlock {
  /** The info string's first word (`sh`, `json`, ...), '' for a bare fence. */
  lang: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The `<!-- docs-test: WORD -->` comment on the last non-blank line before the fence, if any. */
  mark: string | undefined;
}

/** Every fenced block of MARKDOWN, in document order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})\s*([^\s`]*)/.exec(lines[i] ?? '');
    if (open === null) continue;
    const fence = open[1] ?? '```';
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i] ?? '').startsWith(fence); i++)
      body.push(lines[i] ?? '');
    let before = start - 1;
    while (before > 0 && (lines[before] ?? '').trim() === '') before--;
    const mark = /^<!-- docs-test: ([a-z-]+) -->$/.exec(lines[before] ?? '')?.[1];
    blocks.push({ lang: open[2] ?? '', text: body.join('\n') + '\n', line: start + 1, mark });
  }
  return blocks;
}

/** Every fenced block opened with ```sh, in document order. */
export function shBlocks(markdown: string): string[] {
  return codeBlocks(markdown)
    .filter((b) => b.lang === 'sh')
    .map((b) => b.text);
}

/** The inline code spans of MARKDOWN outside fenced blocks (`like this`). */
export function inlineCode(markdown: string): string[] {
  const outside = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...outside.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].map((m) => m[1] ?? '');
}

/** Makes DIR/.bin/mesh run this checkout's bin/mesh.js; returns the folder to put on PATH. */
export function meshShim(dir: string): string {
  const bin = join(dir, '.bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'mesh');
  writeFileSync(
    shim,
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'mesh.js')}" "$@"\n`,
  );
  chmodSync(shim, 0o755);
  return bin;
}
