// Length and hash checks of METAFILES and TARGETS entries (TUF 1.0.34 §5.5.2, §5.6.2, §5.7.3).
import { createHash } from 'node:crypto';
import { RepositoryError } from './errors.js';

const ALGORITHMS: Record<string, string> = {
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
  blake2b: 'blake2b512',
  'blake2b-512': 'blake2b512',
};

export function digestHex(alg: string, data: Uint8Array): string {
  const nodeAlg = ALGORITHMS[alg];
  if (nodeAlg === undefined)
    throw new RepositoryError('hash_mismatch', `unsupported hash algorithm ${alg}`);
  return createHash(nodeAlg).update(data).digest('hex');
}

/** Every listed hash must match, and the length when given; this data is attacker-controlled. */
export function checkLengthAndHashes(
  what: string,
  data: Uint8Array,
  length: number | undefined,
  hashes: Record<string, string> | undefined,
): void {
  if (length !== undefined && data.length !== length) {
    throw new RepositoryError(
      'length_mismatch',
      `${what}: ${data.length} bytes, expected ${length}`,
    );
  }
  for (const [alg, want] of Object.entries(hashes ?? {})) {
    if (digestHex(alg, data) !== want.toLowerCase()) {
      throw new RepositoryError('hash_mismatch', `${what}: ${alg} does not match`);
    }
  }
}
