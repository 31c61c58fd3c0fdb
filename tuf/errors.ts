// Coded errors of tuf/ (TUF 1.0.34 §5 failure cases): every refusal carries a stable `code`.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type TufErrorCode =
  | 'canonical_json_invalid'
  | 'json_invalid'
  | 'metadata_invalid'
  | 'metadata_type_mismatch'
  | 'spec_version_unsupported'
  | 'key_invalid'
  | 'key_file_invalid'
  | 'key_file_exists'
  | 'scheme_unsupported'
  | 'signature_threshold_unmet'
  | 'version_rollback'
  | 'version_mismatch'
  | 'metadata_expired'
  | 'meta_missing'
  | 'length_mismatch'
  | 'hash_mismatch'
  | 'download_too_large'
  | 'download_failed'
  | 'download_timeout'
  | 'http_status'
  | 'role_not_delegated'
  | 'target_not_found'
  | 'target_path_invalid'
  | 'state_missing'
  | 'update_out_of_order'
  | 'repository_invalid'
  | 'ceremony_invalid'
  | 'ceremony_threshold_unmet';

export class TufError extends MeshError<TufErrorCode> {
  override readonly name: string = 'TufError';
}

/** A refusal of downloaded or stored metadata (§5): the trusted state is left as it was. */
export class RepositoryError extends TufError {
  override readonly name = 'RepositoryError';
}

/** A transfer failed: status, timeout, or more bytes than the cap allowed. */
export class DownloadError extends TufError {
  override readonly name = 'DownloadError';
  constructor(
    code: 'download_too_large' | 'download_failed' | 'download_timeout' | 'http_status',
    message: string,
    /** The HTTP status when the server answered; 404/403 end the root rotation loop (§5.3.3). */
    readonly status?: number,
    options: MeshErrorOptions = {},
  ) {
    super(code, message, options);
  }
}
