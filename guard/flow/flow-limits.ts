// Bounds of flow tracking: what may become taint and how far outbound text is decoded.

export interface FlowLimits {
  /** Shortest value that may become taint, in bytes. */
  minTaintLength: number;
  /** Least Shannon entropy per character a taint value must have, in bits. */
  entropyFloor: number;
  /** Values longer than this are matched by their 32-byte chunks instead of whole. */
  longValue: number;
  /** Chunk width for long values (any leaked span of twice this width contains a whole chunk). */
  chunkLength: number;
  /** Longest taint value kept, in bytes; longer values keep their first this-many bytes. */
  maxTaintLength: number;
  /** Decoding layers applied on top of the encoded forms (two-level nests plus decompression). */
  maxDecodeDepth: number;
  /** Most decoded views one check may build. */
  maxViews: number;
  /** Most bytes all decoded views of one check may hold together. */
  maxDecodedBytes: number;
  /** Largest output of one decompression. */
  maxInflatedBytes: number;
  /** Largest outbound text one check scans; beyond it the check reports `oversized`. */
  maxScanBytes: number;
  /** Sessions a tracker keeps, in process and persisted (least recently used evicted). */
  maxSessions: number;
  /** A persisted session unused this long is dropped with its taint. */
  maxSessionAgeMs: number;
  /** Taint values kept per session; past it the session is full (fail closed, never evicted). */
  maxValuesPerSession: number;
  /**
   * Bytes of matcher state one scope may hold (its patterns and their index entries, as estimated
   * by the index). A value that would cross it is not added and the scope is full: its outbound calls
   * escalate, since forgetting old taint would let it leave unseen.
   */
  maxTaintBytesPerScope: number;
}

export const DEFAULT_FLOW_LIMITS: FlowLimits = {
  minTaintLength: 12,
  entropyFloor: 3,
  longValue: 64,
  chunkLength: 32,
  maxTaintLength: 64 * 1024,
  maxDecodeDepth: 3,
  maxViews: 256,
  maxDecodedBytes: 4 * 1024 * 1024,
  maxInflatedBytes: 256 * 1024,
  maxScanBytes: 4 * 1024 * 1024,
  maxSessions: 1024,
  maxSessionAgeMs: 7 * 24 * 3600 * 1000,
  maxValuesPerSession: 1_000_000,
  maxTaintBytesPerScope: 256 * 1024 * 1024,
};

/** Width of the fingerprinted windows; equal to the shortest pattern so every pattern has one. */
export const WINDOW = 12;
