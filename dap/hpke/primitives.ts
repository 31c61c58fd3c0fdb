// RFC 9180 §4 and §7: the primitive operations a backend supplies (X25519, HMAC-SHA256, AES-128-GCM).

export interface HpkePrimitives {
  readonly name: string;
  /** X25519(sk, pk); throws on an invalid key. Callers check the all-zero result themselves. */
  x25519(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array;
  x25519PublicKey(secretKey: Uint8Array): Uint8Array;
  /**
   * RFC 9180 §4 GenerateKeyPair, when the backend has a faster way than DeriveKeyPair over random
   * bytes (which is what runs without it).
   */
  generateKeyPair?(): { privateKey: Uint8Array; publicKey: Uint8Array };
  randomBytes(n: number): Uint8Array;
  /** HMAC-SHA256 over the concatenation of `data` (parts spare the caller a copy). */
  hmacSha256(key: Uint8Array, data: readonly Uint8Array[]): Uint8Array;
  aesGcmSeal(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, pt: Uint8Array): Uint8Array;
  /** Returns null when the tag does not verify. */
  aesGcmOpen(
    key: Uint8Array,
    nonce: Uint8Array,
    aad: Uint8Array,
    ct: Uint8Array,
  ): Uint8Array | null;
}
