// Real Rekor v1 (ECDSA) and v2 (Ed25519, C2SP) checkpoints and inclusion proofs from
// sigstore-conformance: only the transparency-log fields are used.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeHash,
  ecdsaVerifier,
  ed25519Verifier,
  keyIdHex,
  leafHash,
  openNote,
  parseCheckpoint,
  verifyInclusion,
  type NoteVerifier,
} from '../../log/index.js';
import { vectorFolder } from '../support/env.js';

const vf = vectorFolder('tlog');
const base = join(vf.dir, 'sigstore-conformance');

interface TrustedRoot {
  tlogs: {
    baseUrl: string;
    publicKey: { rawBytes: string; keyDetails: string };
    logId: { keyId: string };
  }[];
}
interface Bundle {
  verificationMaterial: {
    tlogEntries: {
      canonicalizedBody: string;
      inclusionProof?: {
        logIndex: string;
        treeSize: string;
        rootHash: string;
        hashes: string[];
        checkpoint?: { envelope: string };
      };
    }[];
  };
}

function verifiersOf(root: TrustedRoot): NoteVerifier[] {
  return root.tlogs.map((t) => {
    const name = new URL(t.baseUrl).host;
    const der = new Uint8Array(Buffer.from(t.publicKey.rawBytes, 'base64'));
    const v =
      t.publicKey.keyDetails === 'PKIX_ED25519'
        ? ed25519Verifier(name, der.subarray(der.length - 32))
        : ecdsaVerifier(name, der);
    // the note key ID is the first four bytes of the log ID in both Rekor generations
    expect(Buffer.from(t.logId.keyId, 'base64').subarray(0, 4).toString('hex')).toBe(
      keyIdHex(v.keyId),
    );
    return v;
  });
}

/** Checkpoint signed by a trusted log whose name is the origin (v2) or its prefix "name - id" (v1). */
function verifyEntry(bundle: Bundle, keys: NoteVerifier[]): void {
  const e = bundle.verificationMaterial.tlogEntries[0];
  const ip = e?.inclusionProof;
  if (e === undefined || ip?.checkpoint === undefined) throw new Error('no checkpoint');
  const note = openNote(ip.checkpoint.envelope, keys);
  const cp = parseCheckpoint(note.text);
  const signers = note.verified.map((v) => v.verifier.name);
  if (!signers.some((n) => cp.origin === n || cp.origin.startsWith(`${n} - `)))
    throw new Error('checkpoint origin is not a trusted log');
  if (
    cp.size !== Number(ip.treeSize) ||
    !Buffer.from(cp.root).equals(Buffer.from(ip.rootHash, 'base64'))
  )
    throw new Error('checkpoint does not match the proof');
  const body = new Uint8Array(Buffer.from(e.canonicalizedBody, 'base64'));
  const proof = ip.hashes.map((h) => decodeHash(h, 'proof hash'));
  verifyInclusion(Number(ip.logIndex), cp.size, leafHash(body), proof, cp.root);
}

const cases = vf.skip
  ? []
  : readdirSync(base).filter((n) => existsSync(join(base, n, 'bundle.sigstore.json')));

describe.skipIf(vf.skip)('sigstore-conformance Rekor entries', () => {
  it('has the 17 cases the README names', () => {
    expect(cases.length).toBe(17);
  });

  it.each(cases)('%s', (name) => {
    const own = join(base, name, 'trusted_root.json');
    const root = JSON.parse(
      readFileSync(
        existsSync(own) ? own : join(base, 'sigstore-public-good-trusted_root.json'),
        'utf8',
      ),
    ) as TrustedRoot;
    const bundle = JSON.parse(
      readFileSync(join(base, name, 'bundle.sigstore.json'), 'utf8'),
    ) as Bundle;
    const keys = verifiersOf(root);
    if (name.endsWith('_fail'))
      expect(() => {
        verifyEntry(bundle, keys);
      }).toThrow();
    else verifyEntry(bundle, keys);
  });
});
