// DAP-18 §3: how much of a peer's answer any DAP role reads, and how long it waits for it. Each cap
// is counted while the body streams in (common/fetchBounded), so an endless or slow-drip body fails
// with a code instead of exhausting memory or hanging the role.

export interface PeerLimits {
  /** HpkeConfigList from `GET /hpke_config` (client, Leader's tasks). */
  hpkeConfigListBytes: number;
  /** UploadErrors answering an upload (17 bytes a report, MAX 1000 reports a request). */
  uploadResponseBytes: number;
  /** AggregationJobResp from the Helper (grows with the job). */
  aggregationJobRespBytes: number;
  /** AggregateShare from the Helper. */
  aggregateShareBytes: number;
  /** CollectionJobResp from the Leader. */
  collectionJobRespBytes: number;
  /** Anything else: a DELETE's answer, an empty 2xx, a problem document. */
  otherBytes: number;
  /** No byte for this long fails the read (the request timeout bounds the whole exchange). */
  idleTimeoutMs: number;
}

export const DEFAULT_PEER_LIMITS: PeerLimits = {
  hpkeConfigListBytes: 64 * 1024,
  uploadResponseBytes: 1 << 20,
  aggregationJobRespBytes: 64 * 1024 * 1024,
  aggregateShareBytes: 16 * 1024 * 1024,
  collectionJobRespBytes: 16 * 1024 * 1024,
  otherBytes: 64 * 1024,
  idleTimeoutMs: 10_000,
};

export function peerLimitsWith(overrides: Partial<PeerLimits> = {}): PeerLimits {
  return { ...DEFAULT_PEER_LIMITS, ...overrides };
}
