/**
 * log/: Merkle tree, proofs, signed notes, checkpoints, cosignatures, tiles, witness and gossip
 * (RFC 9162 proofs, C2SP signed-note and tlog-checkpoint).
 *
 * @throws {NoteError} malformed_note, malformed_checkpoint, unknown_origin, note_unverified,
 * note_bad_signature (openCheckpoint)
 * @throws {ProofError} proof_invalid, bad_size, malformed_hash (verifyInclusion and the
 * consistency verifiers)
 * @example
 * const { checkpoint } = openCheckpoint(signedNote, trustedLogKeys);
 * verifyInclusion(index, checkpoint.size, leafHash(entry), proof, checkpoint.root);
 */
export * from './version.js';
export * from './errors.js';
export { encodeBase64, decodeBase64 } from './base64.js';
export { EMPTY_ROOT, HASH_SIZE, leafHash, nodeHash, decodeHash } from './hash.js';
export { inclusionRanges, rootFromInclusionProof, verifyInclusion } from './inclusion.js';
export {
  consistencyRanges,
  verifyConsistencyTransparencyDev,
  verifyConsistencyWitnessRule,
} from './consistency.js';
export { MemoryTree } from './memory-tree.js';
export type { NodeId, Range, NodeReader } from './subtree.js';
export type { NoteSigner, NoteVerifier } from './verifier.js';
export { keyIdFor, keyIdHex } from './key-name.js';
export { ed25519Signer, ed25519Verifier } from './ed25519-key.js';
export { ecdsaVerifier } from './ecdsa-key.js';
export {
  cosigner,
  cosignatureMessage,
  cosignatureTimestamp,
  cosignatureVerifier,
  type Cosigner,
} from './cosignature.js';
export { parseVkey, formatVkey, parseSkey, formatSkey, signerVkey, cosignerVkey } from './vkey.js';
export {
  parseNote,
  formatNote,
  signNote,
  openNote,
  addSignatureLines,
  signatureLine,
  DEFAULT_NOTE_LIMITS,
  type Note,
  type NoteSignature,
  type OpenedNote,
  type NoteLimits,
} from './note.js';
export {
  parseCheckpoint,
  formatCheckpoint,
  openCheckpoint,
  type Checkpoint,
  type OpenedCheckpoint,
} from './checkpoint.js';
export {
  parseTlogProof,
  formatTlogProof,
  verifyTlogProof,
  countCosigners,
  type TlogProof,
  type TlogProofPolicy,
  type VerifiedTlogProof,
} from './tlog-proof.js';
export { type Ed25519NoteSigner } from './ed25519-key.js';
export {
  parseAddCheckpoint,
  formatAddCheckpoint,
  type AddCheckpointRequest,
} from './add-checkpoint-request.js';
export { Witness, type WitnessOptions, type WitnessResponse } from './witness.js';
export { openWitnessStore, type WitnessStore, type WitnessRecord } from './witness-store.js';
export { witnessApp, DEFAULT_WITNESS_MAX_BODY } from './witness-app.js';
export {
  requestCosignatures,
  type WitnessEndpoint,
  type CosignRequest,
  type CosignResult,
} from './witness-client.js';
export { AppendableLog, type LogOptions, type Appended } from './appendable-log.js';
export { encodeTileIndex, tilePath, parseTilePath, tileWidth, type TileRef } from './tile-path.js';
export { writeTiles, encodeEntryBundle, type TileSource } from './tile-writer.js';
export { tilesApp } from './tile-server.js';
export {
  TileReader,
  decodeEntryBundle,
  readAllEntries,
  type TileReaderOptions,
  type TileGetter,
} from './tile-reader.js';
export { DEFAULT_LOG_READ_LIMITS, logReadLimits, type LogReadLimits } from './limits.js';
export { peerFetch, type PeerResponse } from './peer-fetch.js';
export { monitorLog, type EntryKey, type MonitorConflict, type MonitorReport } from './monitor.js';
export {
  verifyEvidence,
  findSplitView,
  evidenceId,
  type SplitViewEvidence,
} from './split-view-evidence.js';
export { openGossipStore, type GossipStore } from './gossip-store.js';
export { Gossip, type GossipResponse, type GossipView } from './gossip.js';
export { gossipApp, DEFAULT_GOSSIP_MAX_BODY } from './gossip-app.js';
export { gossipWithPeer, type GossipPeerReport, type GossipOptions } from './gossip-client.js';
