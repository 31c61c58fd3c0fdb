// Code comments cite a doc section as docs/FILE.md "Heading": every such citation in the sources,
// the benches and the scripts names a file that exists and a heading of it (a heading may go on
// after the cited words, as `Applying a proposal: mesh consensus apply` does).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/env.js';

const SOURCE_DIRS = ['common', 'tuf', 'log', 'dap', 'vdaf', 'guard', 'packs', 'governance', 'node'];
const EXTRA_DIRS = ['bench', 'scripts', 'bin'];
const CITATION = /docs\/([a-z0-9-]+\.md) "([^"\n]+)"/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(?:ts|mjs|cjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

function headings(doc: string): string[] {
  return readFileSync(join(ROOT, 'docs', doc), 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, ''));
}

describe('doc citations in code comments', () => {
  it('name an existing doc and one of its headings', () => {
    const cache = new Map<string, string[] | undefined>();
    const dangling: string[] = [];
    let count = 0;
    for (const dir of [...SOURCE_DIRS, ...EXTRA_DIRS]) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        for (const [, doc = '', title = ''] of readFileSync(file, 'utf8').matchAll(CITATION)) {
          count++;
          if (!cache.has(doc)) {
            try {
              cache.set(doc, headings(doc));
            } catch {
              cache.set(doc, undefined);
            }
          }
          const heads = cache.get(doc);
          const found = heads?.some((h) => h === title || h.startsWith(`${title}:`)) ?? false;
          if (!found) dangling.push(`${file.slice(ROOT.length + 1)}: docs/${doc} "${title}"`);
        }
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(dangling).toEqual([]);
  });
});
