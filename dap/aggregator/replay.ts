// DAP-18 §2.3 replay protection: report IDs seen per task, kept until the retention horizon (§6.4.1).
import { hex } from '../encoding.js';
import type { KvOp, KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import { K } from './keys.js';

const EMPTY = new Uint8Array(0);

export async function seenMany(store: KvStore, task: Task, ids: Uint8Array[]): Promise<boolean[]> {
  return store.present(ids.map((id) => K.seen(task.idB64, hex(id))));
}

export function markSeenOps(task: Task, id: Uint8Array, time: number): KvOp[] {
  const h = hex(id);
  return [
    // insert: the store refuses a report ID seen before, whichever process wrote it.
    { type: 'insert', key: K.seen(task.idB64, h), value: EMPTY },
    { type: 'put', key: K.seenByTime(task.idB64, time, h), value: EMPTY },
  ];
}
