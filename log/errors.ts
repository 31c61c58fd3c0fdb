// Coded errors of log/: each failure carries a stable `code` callers can branch on.
import { MeshError } from '../common/index.js';

export type LogErrorCode =
  | 'bad_size'
  | 'malformed_hash'
  | 'proof_invalid'
  | 'malformed_note'
  | 'malformed_vkey'
  | 'malformed_skey'
  | 'note_unverified'
  | 'note_bad_signature'
  | 'malformed_checkpoint'
  | 'malformed_cosignature'
  | 'malformed_tlog_proof'
  | 'malformed_request'
  | 'unknown_origin'
  | 'quorum_not_met'
  | 'entry_too_large'
  | 'log_closed'
  | 'storage_corrupt'
  | 'storage_schema_newer'
  | 'tile_invalid'
  | 'fetch_failed'
  | 'body_too_large'
  | 'body_timeout'
  | 'root_mismatch'
  | 'malformed_evidence'
  | 'argument_invalid';

export class LogError extends MeshError<LogErrorCode> {
  override readonly name: string = 'LogError';
}

/** A Merkle proof or size that does not verify (RFC 9162 §2.1.3.2, §2.1.4.2). */
export class ProofError extends LogError {
  override readonly name = 'ProofError';
}

/** A signed note, vkey, checkpoint or cosignature that is malformed or does not verify. */
export class NoteError extends LogError {
  override readonly name = 'NoteError';
}

/** Durable storage is unreadable, corrupt or of a newer schema. */
export class StorageError extends LogError {
  override readonly name = 'StorageError';
}

/** A remote log, witness or peer answered with something we cannot use. */
export class RemoteError extends LogError {
  override readonly name = 'RemoteError';
}
