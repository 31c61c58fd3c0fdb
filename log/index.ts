// log/: Merkle tree, proofs, signed notes, checkpoints, cosignatures, tiles, witness and gossip.
export { COSIGNATURE_V1, TLOG_PROOF_V1 } from './version.js';
