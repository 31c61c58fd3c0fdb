// The receipt hash chain and its signed heads: hash_n = SHA-256(hash_{n-1} || canonical(body_n)).
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The hash before the first receipt. */
export const GENESIS = '0'.repeat(64);

export function chainHash(prevHex: string, canonicalBody: string): string {
  return bytesToHex(sha256(concatBytes(hexToBytes(prevHex), utf8ToBytes(canonicalBody))));
}

/** What the node key signs: the receipt count and the hash of the last receipt. */
export function headMessage(seq: number, hashHex: string): Uint8Array {
  return utf8ToBytes(`interlock-mesh receipt head v1\n${seq}\n${hashHex}\n`);
}

export interface ReceiptSigner {
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export function ed25519Signer(secretKey: Uint8Array): ReceiptSigner {
  return { publicKey: ed25519.getPublicKey(secretKey), sign: (m) => ed25519.sign(m, secretKey) };
}

export function verifyHead(
  publicKeyHex: string,
  seq: number,
  hashHex: string,
  sigHex: string,
): boolean {
  try {
    return ed25519.verify(hexToBytes(sigHex), headMessage(seq, hashHex), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}
