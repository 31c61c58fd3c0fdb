// c2sp.org/signed-note §Signatures: a verifier is identified by its key name and 32-bit key ID.

export interface NoteVerifier {
  readonly name: string;
  readonly keyId: number;
  /** Checks `signature` (the bytes after the key ID) over the note text. */
  verify(text: Uint8Array, signature: Uint8Array): boolean;
}

export interface NoteSigner {
  readonly name: string;
  readonly keyId: number;
  /** The bytes after the key ID in the signature line. */
  sign(text: Uint8Array): Uint8Array;
}
