// Client limits of the TUF 1.0.34 §5 workflow, with the defaults python-tuf and tuf-js use.

export interface UpdaterLimits {
  /** §5.3.3: how many root versions one update may walk through. */
  maxRootRotations: number;
  /** §5.6.7: how many delegated roles one target search may visit. */
  maxDelegations: number;
  rootMaxLength: number;
  timestampMaxLength: number;
  /** Used when snapshot/targets METAFILES give no length. */
  snapshotMaxLength: number;
  targetsMaxLength: number;
}

export const DEFAULT_LIMITS: UpdaterLimits = {
  maxRootRotations: 256,
  maxDelegations: 32,
  rootMaxLength: 512_000,
  timestampMaxLength: 16_384,
  snapshotMaxLength: 2_000_000,
  targetsMaxLength: 5_000_000,
};
