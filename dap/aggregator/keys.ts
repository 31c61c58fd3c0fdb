// Storage key layout of an aggregator (one level store per role): every key is scoped to its task.
export const pad = (n: number): string => String(n).padStart(16, '0');

export const K = {
  task: (t: string) => `t/${t}/`,
  seen: (t: string, idHex: string) => `t/${t}/seen/${idHex}`,
  seenByTime: (t: string, time: number, idHex: string) => `t/${t}/seent/${pad(time)}/${idHex}`,
  seenByTimePrefix: (t: string) => `t/${t}/seent/`,
  pending: (t: string, time: number, idHex: string) => `t/${t}/pend/${pad(time)}/${idHex}`,
  pendingPrefix: (t: string) => `t/${t}/pend/`,
  job: (t: string, id: string) => `t/${t}/job/${id}`,
  jobPrefix: (t: string) => `t/${t}/job/`,
  /** Leader: transient failures of a job so far, so a restart does not reset its retry budget. */
  jobTries: (t: string, id: string) => `t/${t}/jobtry/${id}`,
  /** Helper: a job's newest report time, so the job is dropped with its replay state. */
  jobByTime: (t: string, time: number, id: string) => `t/${t}/jobt/${pad(time)}/${id}`,
  jobByTimePrefix: (t: string) => `t/${t}/jobt/`,
  bucket: (t: string, id: string) => `t/${t}/bucket/${id}`,
  bucketPrefix: (t: string) => `t/${t}/bucket/`,
  collected: (t: string, start: number) => `t/${t}/ci/${pad(start)}`,
  collectedPrefix: (t: string) => `t/${t}/ci/`,
  collection: (t: string, id: string) => `t/${t}/coll/${id}`,
  collectionPrefix: (t: string) => `t/${t}/coll/`,
  collectionDigest: (t: string, digest: string) => `t/${t}/colldig/${digest}`,
  openBatch: (t: string) => `t/${t}/lsb/open`,
  aggregateShare: (t: string, id: string) => `t/${t}/ashare/${id}`,
};

export const timeBucketId = (time: number): string => `ti/${pad(time)}`;
export const batchBucketId = (batchIdHex: string): string => `ls/${batchIdHex}`;
