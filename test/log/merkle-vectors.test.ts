// RFC 6962/9162 proofs against transparency-dev/merkle testdata and the generated reference tree.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MemoryTree,
  leafHash,
  verifyConsistencyTransparencyDev,
  verifyConsistencyWitnessRule,
  verifyInclusion,
} from '../../log/index.js';
import { vectorFolder } from '../support/env.js';

const vf = vectorFolder('tlog');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.json') ? [p] : [];
  });
}

/** transparency-dev encodes hashes as base64; "" and null appear in negative cases. */
function b64(s: string | null): Uint8Array {
  return new Uint8Array(Buffer.from(s ?? '', 'base64'));
}

interface InclusionVector {
  leafIdx: number;
  treeSize: number;
  root: string | null;
  leafHash: string | null;
  proof: string[] | null;
  wantErr: boolean;
}
interface ConsistencyVector {
  size1: number;
  size2: number;
  root1: string | null;
  root2: string | null;
  proof: string[] | null;
  wantErr: boolean;
}

function outcome(f: () => void): boolean {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}

/** The two vectors where the tlog-witness rule (empty tree is consistent with anything) differs. */
const WITNESS_RULE_DIFFERS = new Set([
  'size1-is-zero-and-size2-is-not-zero.json',
  'size1-is-zero-and-does-not-equal-size2.json',
]);

describe.skipIf(vf.skip)('transparency-dev/merkle testdata', () => {
  const base = join(vf.dir, 'transparency-dev-merkle');
  const inclusion = vf.skip ? [] : walk(join(base, 'inclusion'));
  const consistency = vf.skip ? [] : walk(join(base, 'consistency'));

  it('has the 98 + 98 files the README names', () => {
    expect(inclusion.length).toBe(98);
    expect(consistency.length).toBe(98);
  });

  it.each(inclusion.map((p) => [relative(base, p), p]))('inclusion %s', (_n, p) => {
    const v = JSON.parse(readFileSync(p, 'utf8')) as InclusionVector;
    const proof = (v.proof ?? []).map(b64);
    const err = outcome(() => {
      verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), proof, b64(v.root));
    });
    expect(err).toBe(v.wantErr);
  });

  it.each(consistency.map((p) => [relative(base, p), p]))('consistency %s', (_n, p) => {
    const v = JSON.parse(readFileSync(p, 'utf8')) as ConsistencyVector;
    const proof = (v.proof ?? []).map(b64);
    const args = [v.size1, v.size2, b64(v.root1), b64(v.root2), proof] as const;
    expect(
      outcome(() => {
        verifyConsistencyTransparencyDev(...args);
      }),
    ).toBe(v.wantErr);
    const name = p.split('/').pop() ?? '';
    const witnessErr = outcome(() => {
      verifyConsistencyWitnessRule(...args);
    });
    expect(witnessErr).toBe(WITNESS_RULE_DIFFERS.has(name) ? false : v.wantErr);
  });
});

interface ReferenceTree {
  leaves_hex: string[];
  leaf_hashes_hex: string[];
  roots_hex: Record<string, string>;
  inclusion_proofs: { leaf_index: number; tree_size: number; path_hex: string[] }[];
  consistency_proofs: { size1: number; size2: number; proof_hex: string[] }[];
}

describe.skipIf(vf.skip)('generated RFC 6962 reference tree', () => {
  const ref = vf.skip
    ? undefined
    : (JSON.parse(
        readFileSync(join(vf.dir, 'generated', 'rfc6962-reference-tree.json'), 'utf8'),
      ) as ReferenceTree);
  const hex = (h: Uint8Array) => Buffer.from(h).toString('hex');
  const tree = new MemoryTree();
  for (const l of ref?.leaves_hex ?? []) tree.append(leafHash(Buffer.from(l, 'hex')));

  it('leaf hashes and every root 0..8', () => {
    expect(ref).toBeDefined();
    ref?.leaves_hex.forEach((l, i) => {
      expect(hex(leafHash(Buffer.from(l, 'hex')))).toBe(ref.leaf_hashes_hex[i]);
    });
    for (const [size, root] of Object.entries(ref?.roots_hex ?? {}))
      expect(hex(tree.root(Number(size)))).toBe(root);
  });

  it('every inclusion path is generated identically and verifies', () => {
    expect(ref?.inclusion_proofs.length).toBe(36);
    for (const p of ref?.inclusion_proofs ?? []) {
      const got = tree.inclusionProof(p.leaf_index, p.tree_size);
      expect(got.map(hex)).toEqual(p.path_hex);
      const h = tree.node(0, p.leaf_index);
      verifyInclusion(p.leaf_index, p.tree_size, h, got, tree.root(p.tree_size));
    }
  });

  it('every consistency proof is generated identically and verifies under both rules', () => {
    expect(ref?.consistency_proofs.length).toBe(28);
    for (const p of ref?.consistency_proofs ?? []) {
      const got = tree.consistencyProof(p.size1, p.size2);
      expect(got.map(hex)).toEqual(p.proof_hex);
      const args = [p.size1, p.size2, tree.root(p.size1), tree.root(p.size2), got] as const;
      verifyConsistencyTransparencyDev(...args);
      verifyConsistencyWitnessRule(...args);
    }
  });
});
