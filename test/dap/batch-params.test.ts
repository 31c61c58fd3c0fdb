// DAP-18 §4.6 with an aggregation parameter, the check both Aggregators run on their own level
// store: once per parameter per batch, Poplar1's is_valid after the batch's earlier parameters,
// no overlapping intervals; and the per-report check of the Helper.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newTaskFiles } from '../../dap/index.js';
import { admitBatchParam, reportParamError } from '../../dap/aggregation-param/batch-params.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { taskOf } from '../../dap/task/task.js';
import { Poplar1 } from '../../vdaf/index.js';
import { taskParams, tempDir } from './support.js';

const vdaf = new Poplar1({ bits: 8 });
const ap = (level: number, prefixes: bigint[]) => vdaf.encodeAggParam({ level, prefixes });
const task = taskOf(
  newTaskFiles(
    taskParams('http://127.0.0.1:1/leader/', 'http://127.0.0.1:2/helper/', {
      vdaf: { type: 'Poplar1', bits: 8 },
    }),
  ).helper,
);
let store: KvStore | undefined;
afterEach(async () => {
  await store?.close();
});

describe('aggregation parameters of a batch', () => {
  it('admits deeper, extending parameters once each, and refuses the rest', async () => {
    store = await openLevelKv(join(tempDir('params'), 'kv'));
    const i = { start: 100, duration: 3 };
    const admit = async (p: Uint8Array, at = i) => {
      const op = await admitBatchParam(store as KvStore, task, at, p);
      await (store as KvStore).write([op]);
    };
    const refused = (p: Uint8Array, type: string, at = i) =>
      expect(admitBatchParam(store as KvStore, task, at, p)).rejects.toMatchObject({
        problemType: type,
      });
    await admit(ap(0, [0n, 1n]));
    await refused(ap(0, [0n, 1n]), 'invalidAggregationParameter'); // repeated
    await refused(ap(1, [0b00n, 0b11n, 0b01n]), 'invalidAggregationParameter'); // unsorted
    await admit(ap(1, [0b10n, 0b11n]));
    await refused(ap(0, [1n]), 'invalidAggregationParameter'); // shallower
    await refused(ap(2, [0b000n]), 'invalidAggregationParameter'); // extends no prefix of level 1
    await admit(ap(3, [0b1011n]));
    await refused(ap(4, [0n]), 'batchOverlap', { start: 101, duration: 3 });
    await admit(ap(0, [0n, 1n]), { start: 103, duration: 3 }); // a disjoint batch starts afresh
  });

  it('a report is verified once per parameter, in order', () => {
    const first = ap(0, [0n, 1n]);
    expect(reportParamError(task, first, [])).toBeNull();
    expect(reportParamError(task, first, [first])).toBe('report_replayed');
    expect(reportParamError(task, ap(1, [0b01n]), [first])).toBeNull();
    expect(reportParamError(task, ap(0, [1n]), [first, ap(1, [0b01n])])).toBe('invalid_message');
  });
});
