// Storage keys of collections with an aggregation parameter (DAP-18 §4.6): per batch interval the
// parameters it was aggregated with, per report the parameters it was verified with, and buckets
// of output shares per parameter. All scoped to the task, beside dap/aggregator/keys.ts.
import { createHash } from 'node:crypto';
import { b64url } from '../encoding.js';
import { K, pad } from '../aggregator/keys.js';

/** A short, fixed-length name of an encoded aggregation parameter. */
export const paramDigest = (aggParam: Uint8Array): string =>
  b64url(createHash('sha256').update(aggParam).digest().subarray(0, 16));

export const AK = {
  batchParams: (t: string, start: number, duration: number) =>
    `t/${t}/apb/${pad(start)}/${pad(duration)}`,
  batchParamsPrefix: (t: string) => `t/${t}/apb/`,
  reportParams: (t: string, idHex: string) => `t/${t}/apr/${idHex}`,
  /** Leader: the report IDs the batch's first parameter aggregated. */
  batchMembers: (t: string, start: number, duration: number) =>
    `t/${t}/apm/${pad(start)}/${pad(duration)}`,
  /** Bucket id (under K.bucket) of one time_precision unit for one parameter. */
  bucketId: (aggParam: Uint8Array, time: number) => `ap/${paramDigest(aggParam)}/${pad(time)}`,
  bucketRange: (t: string, aggParam: Uint8Array, start: number, duration: number) => {
    const p = `${K.bucketPrefix(t)}ap/${paramDigest(aggParam)}/`;
    return { from: p + pad(start), to: p + pad(start + duration) };
  },
};
