// The log's durable tree (log/file-tree.ts): the same nodes, roots and proofs as the in-memory tree
// for every size; an uncommitted or torn tail is cut off at open, a missing or wrong file is
// rebuilt from the entries, and an AppendableLog reopens from it without hashing every entry.
import { appendFileSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppendableLog, MemoryTree, leafHash } from '../../log/index.js';
import { FileTree, nodePosition, nodesFor, type LeafSource } from '../../log/file-tree.js';
import { FC_RUNS } from '../support/env.js';
import { enc, logKey, tempDir } from './helpers.js';

const hex = (h: Uint8Array): string => Buffer.from(h).toString('hex');
const leaf = (i: number): Uint8Array => leafHash(enc(`entry ${i}`));
const leaves: LeafSource = (from, to, fn) => {
  for (let i = from; i < to; i++) fn(leaf(i));
  return Promise.resolve();
};

function memory(n: number): MemoryTree {
  const t = new MemoryTree();
  for (let i = 0; i < n; i++) t.append(leaf(i));
  return t;
}

function same(a: FileTree, b: MemoryTree, n: number): void {
  expect(a.size).toBe(n);
  expect(hex(a.root())).toBe(hex(b.root()));
  for (let m = 0; m <= n; m += Math.max(1, Math.floor(n / 7))) {
    expect(hex(a.root(m))).toBe(hex(b.root(m)));
    expect(a.consistencyProof(m, n).map(hex)).toEqual(b.consistencyProof(m, n).map(hex));
    if (m < n) expect(a.inclusionProof(m, n).map(hex)).toEqual(b.inclusionProof(m, n).map(hex));
  }
}

describe('FileTree', () => {
  it('places node (level, index) where appends complete it', () => {
    const order: string[] = [];
    for (let size = 1; size <= 64; size++)
      for (let level = 0; size % 2 ** level === 0; level++)
        order.push(`${level}/${size / 2 ** level - 1}`);
    order.forEach((id, pos) => {
      const [level, index] = id.split('/').map(Number) as [number, number];
      expect(nodePosition(level, index)).toBe(pos);
    });
    expect(nodesFor(64)).toBe(order.length);
  });

  it('answers like the in-memory tree through appends, flushes, rollbacks and reopens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 70 }), fc.boolean(), fc.boolean()), {
          minLength: 1,
          maxLength: 6,
        }),
        async (steps) => {
          const dir = tempDir('mesh-file-tree-');
          const path = join(dir, 'tree');
          let t = await FileTree.open(path, 0, leaves);
          try {
            for (const [k, rollback, reopen] of steps) {
              const start = t.size;
              for (let i = 0; i < k; i++) t.append(leaf(start + i));
              t.flush();
              if (rollback) t.truncate(start);
              const n = t.size;
              if (reopen) {
                t.close();
                t = await FileTree.open(path, n, leaves);
              }
              same(t, memory(n), n);
            }
          } finally {
            t.close();
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: Math.max(10, Math.floor(FC_RUNS / 5)) },
    );
  });

  it('cuts an uncommitted or torn tail and rebuilds what the file lacks', async () => {
    const dir = tempDir('mesh-file-tree-');
    const path = join(dir, 'tree');
    const t = await FileTree.open(path, 0, leaves);
    for (let i = 0; i < 300; i++) t.append(leaf(i));
    t.flush();
    t.close();
    appendFileSync(path, Buffer.alloc(17, 7)); // a torn node after the last whole one
    const cut = await FileTree.open(path, 200, leaves); // the store committed 200 only
    expect(statSync(path).size).toBe(nodesFor(200) * 32);
    same(cut, memory(200), 200);
    cut.close();
    rmSync(path);
    const rebuilt = await FileTree.open(path, 123, leaves);
    same(rebuilt, memory(123), 123);
    rebuilt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a log reopen from its tree file, and rebuilds a wrong or missing one', async () => {
    const key = logKey('example.com/file-tree');
    const dir = tempDir();
    const opts = { dir, origin: key.origin, signer: key.signer };
    let log = await AppendableLog.open(opts);
    await Promise.all(Array.from({ length: 500 }, (_, i) => log.append(enc(`e${i}`))));
    const root = hex(log.tree.root());
    const proof = log.tree.inclusionProof(7).map(hex);
    await log.close();
    const file = join(dir, 'mesh-tree.hashes');
    expect(existsSync(file)).toBe(true);
    for (const damage of ['none', 'wrong', 'missing'] as const) {
      if (damage === 'wrong') writeFileSync(file, Buffer.alloc(nodesFor(500) * 32, 1));
      if (damage === 'missing') rmSync(file);
      log = await AppendableLog.open(opts);
      expect(log.size).toBe(500);
      expect(hex(log.tree.root())).toBe(root);
      expect(log.tree.inclusionProof(7).map(hex)).toEqual(proof);
      await log.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
