// Our checkpoints and inclusion proofs, checked by an independent verifier: @sigstore/verify@3.1.1's
// signed-note checkpoint verification and RFC 6962 inclusion (the code sigstore-js runs for Rekor v2).
import { createPublicKey } from 'node:crypto';
import { verifyCheckpoint } from '@sigstore/verify/dist/tlog/checkpoint.js';
import { verifyMerkleInclusion } from '@sigstore/verify/dist/tlog/merkle.js';
import type { TLogAuthority } from '@sigstore/verify/dist/trust/index.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MemoryTree,
  encodeBase64,
  formatCheckpoint,
  keyIdFor,
  leafHash,
  signNote,
} from '../../log/index.js';
import { FC_RUNS } from '../support/env.js';
import { enc, logKey } from './helpers.js';

const key = logKey('log.example.com');
const entries = Array.from({ length: 200 }, (_, i) => enc(`{"entry":${i}}`));
const tree = new MemoryTree();
for (const e of entries) tree.append(leafHash(e));

/** Ed25519 raw key -> DER SPKI (RFC 8410 prefix). */
const spki = (raw: Uint8Array) =>
  Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);

const authority: TLogAuthority = {
  logID: Buffer.alloc(32),
  baseURL: 'https://log.example.com',
  publicKey: createPublicKey({ key: spki(key.signer.publicKey), format: 'der', type: 'spki' }),
  validFor: { start: new Date(0), end: new Date(8.64e15) },
};
authority.logID.writeUInt32BE(keyIdFor(key.origin, 0x01, key.signer.publicKey), 0);

function entryFor(index: number, size: number, note: string) {
  return {
    logIndex: String(index),
    canonicalizedBody: Buffer.from(entries[index] ?? new Uint8Array()),
    inclusionProof: {
      logIndex: String(index),
      treeSize: String(size),
      rootHash: Buffer.from(tree.root(size)),
      hashes: tree.inclusionProof(index, size).map((h) => Buffer.from(h)),
      checkpoint: { envelope: note },
    },
  };
}

describe('@sigstore/verify accepts what we produce', () => {
  it('checkpoints and inclusion proofs for any size and index', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(), (size, i0) => {
        const index = i0 % size;
        const note = signNote(
          formatCheckpoint({ origin: key.origin, size, root: tree.root(size), extensions: [] }),
          [key.signer],
        );
        const entry = entryFor(index, size, note);
        const cp = verifyCheckpoint(entry as never, [authority]);
        expect(cp.logSize).toBe(BigInt(size));
        expect(encodeBase64(cp.logHash)).toBe(encodeBase64(tree.root(size)));
        verifyMerkleInclusion(entry as never, cp);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('and rejects them once tampered (proof hash, root, signature)', () => {
    const size = 150;
    const note = signNote(
      formatCheckpoint({ origin: key.origin, size, root: tree.root(size), extensions: [] }),
      [key.signer],
    );
    const good = entryFor(77, size, note);
    const cp = verifyCheckpoint(good as never, [authority]);
    const badProof = entryFor(77, size, note);
    const h0 = badProof.inclusionProof.hashes[0] as Buffer;
    h0[0] = (h0[0] ?? 0) ^ 1;
    expect(() => {
      verifyMerkleInclusion(badProof as never, cp);
    }).toThrow();
    const other = signNote(
      formatCheckpoint({ origin: key.origin, size, root: tree.root(size - 1), extensions: [] }),
      [logKey(key.origin).signer],
    );
    expect(() => verifyCheckpoint(entryFor(77, size, other) as never, [authority])).toThrow();
  });
});
