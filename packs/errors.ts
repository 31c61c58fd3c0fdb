// Coded errors of packs/: a pack that cannot be read, parsed or validated says which and why.

export type PackErrorCode =
  | 'pack_not_found'
  | 'pack_unreadable'
  | 'pack_invalid'
  | 'pack_format_newer'
  | 'pack_rules_quarantined'
  | 'corpus_invalid';

export class PackError extends Error {
  override readonly name = 'PackError';
  constructor(
    readonly code: PackErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
