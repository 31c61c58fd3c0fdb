// DAP-18 §4.5.3 batch buckets: aggregate share, report count and checksum, committed atomically.
import { createHash } from 'node:crypto';
import { b64url, fromB64url } from '../encoding.js';
import { CHECKSUM_SIZE } from '../messages/index.js';
import { jsonValue, parseJson, type KvOp, type KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import type { Opaque } from '../vdaf-port.js';
import { withDpNoise } from './dp-noise.js';
import { K } from './keys.js';

export interface BucketRecord {
  agg: string;
  count: number;
  checksum: string;
  minTime: number;
  maxTime: number;
  /** Leader-selected: set once a collection job owns this batch; no job joins it afterwards. */
  closed?: boolean;
  /** Set once the batch holding this bucket was collected. */
  collected?: boolean;
}

export function xorInto(acc: Uint8Array, x: Uint8Array): void {
  for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] ?? 0) ^ (x[i] ?? 0);
}

export const reportChecksum = (reportId: Uint8Array): Uint8Array =>
  createHash('sha256').update(reportId).digest();

export async function readBucket(
  store: KvStore,
  task: Task,
  id: string,
): Promise<BucketRecord | undefined> {
  const v = await store.get(K.bucket(task.idB64, id));
  return v ? parseJson<BucketRecord>(v) : undefined;
}

export const bucketOp = (task: Task, id: string, rec: BucketRecord): KvOp => ({
  type: 'put',
  key: K.bucket(task.idB64, id),
  value: jsonValue(rec),
});

/** Output shares of one commit, folded into their buckets; `ops()` is written in the same batch. */
export class BucketUpdates {
  private pending = new Map<
    string,
    { rec: BucketRecord; agg: Opaque; checksum: Uint8Array; count: number }
  >();

  constructor(
    private readonly store: KvStore,
    private readonly task: Task,
    private readonly aggParam: Uint8Array,
  ) {}

  async add(bucketId: string, outShare: Opaque, reportId: Uint8Array, time: number): Promise<void> {
    const v = this.task.vdaf;
    let p = this.pending.get(bucketId);
    if (!p) {
      const rec = (await readBucket(this.store, this.task, bucketId)) ?? {
        agg: '',
        count: 0,
        checksum: b64url(new Uint8Array(CHECKSUM_SIZE)),
        minTime: time,
        maxTime: time,
      };
      const agg =
        rec.agg === ''
          ? v.aggInit(this.aggParam)
          : v.decodeAggShare(this.aggParam, fromB64url(rec.agg));
      p = { rec, agg, checksum: fromB64url(rec.checksum), count: rec.count };
      this.pending.set(bucketId, p);
    }
    p.agg = v.aggUpdate(this.aggParam, p.agg, outShare);
    xorInto(p.checksum, reportChecksum(reportId));
    p.count++;
    p.rec.minTime = Math.min(p.rec.minTime, time);
    p.rec.maxTime = Math.max(p.rec.maxTime, time);
  }

  ops(): KvOp[] {
    return [...this.pending].map(([id, p]) =>
      bucketOp(this.task, id, {
        ...p.rec,
        agg: b64url(this.task.vdaf.encodeAggShare(p.agg)),
        count: p.count,
        checksum: b64url(p.checksum),
      }),
    );
  }
}

/** A batch's combined values: buckets merged, counts summed, checksums XORed (§4.6.3). */
export interface BatchTotals {
  aggShare: Uint8Array;
  count: number;
  checksum: Uint8Array;
  minTime: number;
  maxTime: number;
}

export function combine(task: Task, aggParam: Uint8Array, recs: BucketRecord[]): BatchTotals {
  const v = task.vdaf;
  const shares = recs
    .filter((r) => r.agg !== '')
    .map((r) => v.decodeAggShare(aggParam, fromB64url(r.agg)));
  const checksum = new Uint8Array(CHECKSUM_SIZE);
  for (const r of recs) xorInto(checksum, fromB64url(r.checksum));
  const withReports = recs.filter((r) => r.count > 0);
  return {
    // Each aggregator's own noise, drawn once: the share is stored and re-sent, never re-drawn.
    aggShare: withDpNoise(task, v.encodeAggShare(v.merge(aggParam, shares))),
    count: recs.reduce((n, r) => n + r.count, 0),
    checksum,
    minTime: Math.min(...withReports.map((r) => r.minTime)),
    maxTime: Math.max(...withReports.map((r) => r.maxTime)),
  };
}

/** Buckets of a time interval [start, start+duration), one per time_precision unit present. */
export async function timeBuckets(
  store: KvStore,
  task: Task,
  start: number,
  duration: number,
): Promise<BucketRecord[]> {
  const out: BucketRecord[] = [];
  const prefix = K.bucketPrefix(task.idB64);
  const from = `${prefix}ti/${String(start).padStart(16, '0')}`;
  const to = `${prefix}ti/${String(start + duration).padStart(16, '0')}`;
  for await (const [k, v] of store.scan(from, { lt: to })) {
    if (k >= from) out.push(parseJson<BucketRecord>(v));
  }
  return out;
}
