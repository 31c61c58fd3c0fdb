// Spent-token pruning (docs/dap.md "Report tokens"), on a real level store: windows past the horizon
// lose their spent entries and key pins, later windows keep them, a token of a pruned window is
// refused (token_window_pruned) whether or not its entry is gone, and a prune cut short at any
// step (the watermark synced, some deletions not) still refuses it; re-running finishes the job.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newTaskFiles } from '../../dap/index.js';
import { pruneSpentTokens, spendTokens } from '../../dap/privacy-pass/spent.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { taskOf } from '../../dap/task/task.js';
import { FC_RUNS } from '../support/env.js';
import { taskParams } from './support.js';

const W = 3600;
const task = taskOf(
  newTaskFiles(taskParams('http://127.0.0.1:1/', 'http://127.0.0.1:2/', { time_precision: 60 }), {
    issuer: { url: 'http://127.0.0.1:3/issuer/', public_key: 'ab'.repeat(32), window_seconds: W },
  }).leader,
);

const token = (window: number) => ({
  ok: true as const,
  spentId: randomBytes(32).toString('hex'),
  window,
  keyId: `key-${window}`,
});

async function spend(store: KvStore, checks: ReturnType<typeof token>[]) {
  const r = await spendTokens(store, task, checks);
  await store.write(r.ops);
  return r.refusals.map((x) => x?.code);
}

async function keys(store: KvStore): Promise<string[]> {
  const out: string[] = [];
  for await (const [k] of store.scan(`t/${task.idB64}/`)) out.push(k);
  return out;
}

const open = () => openLevelKv(mkdtempSync(join(tmpdir(), 'mesh-spent-gc-')));

describe('spent-token pruning', () => {
  it('drops windows past the horizon only, and refuses their tokens afterwards', async () => {
    const store = await open();
    try {
      const old = [token(10), token(10), token(11)];
      const kept = [token(12), token(13)];
      expect(await spend(store, [...old, ...kept])).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // Horizon at the end of window 11: windows 10 and 11 go.
      expect(await pruneSpentTokens(store, task, 12 * W)).toBe(3);
      const left = await keys(store);
      expect(left.filter((k) => k.includes('/tokw/'))).toHaveLength(2);
      expect(left.filter((k) => k.includes('/tokkey/'))).toHaveLength(2);
      // A replay of a pruned token, and a fresh one of a pruned window: refused by the window check.
      expect(await spend(store, [old[0] as ReturnType<typeof token>, token(11)])).toEqual([
        'token_window_pruned',
        'token_window_pruned',
      ]);
      // Later windows keep their spent sets.
      expect(await spend(store, [kept[0] as ReturnType<typeof token>, token(12)])).toEqual([
        'token_spent',
        undefined,
      ]);
      // A horizon in the middle of window 12 does not touch it.
      expect(await pruneSpentTokens(store, task, 12 * W + W / 2)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('a prune cut short after any number of writes still refuses every pruned token', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        async (n, cut) => {
          const store = await open();
          try {
            const spentOld = Array.from({ length: n }, (_, i) => token(20 + (i % 3)));
            await spend(store, spentOld);
            // A store that dies after `cut` writes: the prune stops there, as a SIGKILL would.
            let writes = 0;
            const dying: KvStore = {
              ...store,
              get: (k) => store.get(k),
              getMany: (k) => store.getMany(k),
              scan: (p, o) => store.scan(p, o),
              close: () => store.close(),
              write: async (ops) => {
                if (writes++ >= cut) throw new Error('killed');
                await store.write(ops);
              },
            };
            await pruneSpentTokens(dying, task, 23 * W).catch(() => undefined);
            const watermarked = cut > 0;
            const r = await spend(store, spentOld);
            for (const code of r)
              expect(code).toBe(watermarked ? 'token_window_pruned' : 'token_spent');
            await pruneSpentTokens(store, task, 23 * W);
            expect((await keys(store)).filter((k) => k.includes('/tokw/'))).toEqual([]);
            expect(await spend(store, spentOld)).toEqual(spentOld.map(() => 'token_window_pruned'));
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: Math.min(FC_RUNS, 20) },
    );
  });
});
