// How many independent witnesses must cosign a checkpoint before a node accepts it.
export interface WitnessPolicy {
  quorum: number;
  /** Witness operators should be distinct organisations; the quorum counts distinct keys. */
  minWitnesses: number;
}

export const DEFAULT_WITNESS_POLICY: WitnessPolicy = { quorum: 2, minWitnesses: 3 };
