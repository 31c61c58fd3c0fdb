// DAP-18 §2.3 and §5.1: time-interval batches already collected, so no report joins them afterwards.
import type { Interval } from '../messages/index.js';
import { jsonValue, parseJson, type KvOp, type KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import { K } from './keys.js';

export class CollectedIntervals {
  private list: Interval[] = [];

  static async load(store: KvStore, task: Task): Promise<CollectedIntervals> {
    const c = new CollectedIntervals();
    for await (const [, v] of store.scan(K.collectedPrefix(task.idB64)))
      c.list.push(parseJson<Interval>(v));
    return c;
  }

  /** Re-reads the list (a shared store: another process may have collected a batch since). */
  async reload(store: KvStore, task: Task): Promise<void> {
    this.list = (await CollectedIntervals.load(store, task)).list;
  }

  contains(time: number): boolean {
    return this.list.some((i) => time >= i.start && time < i.start + i.duration);
  }

  overlaps(x: Interval): boolean {
    return this.list.some((i) => x.start < i.start + i.duration && i.start < x.start + x.duration);
  }

  /** The op that records `x`; call `remember` once it is written. */
  op(task: Task, x: Interval): KvOp {
    return { type: 'put', key: K.collected(task.idB64, x.start), value: jsonValue(x) };
  }

  remember(x: Interval): void {
    this.list.push(x);
  }
}
