// c2sp.org/signed-note, tlog-checkpoint, tlog-cosignature and tlog-proof against the shared vectors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cosignatureVerifier,
  cosigner,
  cosignerVkey,
  ed25519Signer,
  formatCheckpoint,
  formatTlogProof,
  keyIdHex,
  leafHash,
  openCheckpoint,
  openNote,
  parseCheckpoint,
  parseSkey,
  parseTlogProof,
  parseVkey,
  signNote,
  signerVkey,
  verifyTlogProof,
  type NoteVerifier,
} from '../../log/index.js';
import { vectorFolder } from '../support/env.js';

const vf = vectorFolder('tlog');

interface NoteVector {
  id: string;
  trusted_vkeys?: string[];
  note?: string;
  invalid_vkeys?: string[];
  signer_skey?: string;
  text?: string;
  body?: string;
  expect: {
    valid?: boolean;
    text?: string;
    verified_key_names?: string[];
    signed_note?: string;
    vkey?: string;
    origin?: string;
    tree_size?: number;
    root_hash_b64?: string;
  };
}

const load = (...p: string[]): unknown => JSON.parse(readFileSync(join(vf.dir, ...p), 'utf8'));

describe.skipIf(vf.skip)('signed-note vectors', () => {
  const vectors = vf.skip
    ? []
    : (load('signed-note', 'signed-note-vectors.json') as { vectors: NoteVector[] }).vectors;

  it('covers every vector in the file', () => {
    expect(vectors.length).toBe(7);
  });

  it.each(vectors.map((v) => [v.id, v]))('%s', (_id, v) => {
    if (v.note !== undefined && v.trusted_vkeys !== undefined) {
      const keys = v.trusted_vkeys.map(parseVkey);
      if (v.expect.valid === true) {
        const opened = openNote(v.note, keys);
        expect(opened.text).toBe(v.expect.text);
        expect(opened.verified.map((x) => x.verifier.name)).toEqual(v.expect.verified_key_names);
      } else {
        expect(() => openNote(v.note ?? '', keys)).toThrow(/no signature from a known key/);
      }
    } else if (v.invalid_vkeys !== undefined) {
      for (const k of v.invalid_vkeys) expect(() => parseVkey(k)).toThrow();
    } else if (v.signer_skey !== undefined) {
      const { name, seed } = parseSkey(v.signer_skey);
      const s = ed25519Signer(name, seed);
      expect(signNote(v.text ?? '', [s])).toBe(v.expect.signed_note);
      expect(signerVkey(s)).toBe(v.expect.vkey);
    } else {
      const c = parseCheckpoint(v.body ?? '');
      expect(c.origin).toBe(v.expect.origin);
      expect(c.size).toBe(v.expect.tree_size);
      expect(Buffer.from(c.root).toString('base64')).toBe(v.expect.root_hash_b64);
      expect(formatCheckpoint(c)).toBe(v.body);
    }
  });
});

interface SelfGen {
  log: {
    origin: string;
    ed25519_seed_hex: string;
    public_key_hex: string;
    key_id_hex: string;
    vkey: string;
  };
  witness: { name: string; ed25519_seed_hex: string; key_id_hex: string; vkey: string };
  checkpoint_body: string;
  log_signature_line: string;
  cosignature: { timestamp: number; signed_message: string; line: string };
  signed_checkpoint: string;
  negative: { id: string; line?: string; wrong_key_id_hex?: string }[];
  tlog_proof: { leaf_index: number; leaf_hex: string; leaf_hash_hex: string; text: string };
}

describe.skipIf(vf.skip)('generated checkpoint + cosignature/v1 + tlog-proof', () => {
  const g = vf.skip
    ? undefined
    : (load('generated', 'checkpoint-cosignature-selfgen.json') as SelfGen);
  const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));

  it('log key: vkey, key ID and the deterministic checkpoint signature', () => {
    if (g === undefined) throw new Error('vectors missing');
    const s = ed25519Signer(g.log.origin, hex(g.log.ed25519_seed_hex));
    expect(signerVkey(s)).toBe(g.log.vkey);
    expect(keyIdHex(s.keyId)).toBe(g.log.key_id_hex);
    expect(signNote(g.checkpoint_body, [s])).toBe(`${g.checkpoint_body}\n${g.log_signature_line}`);
  });

  it('witness cosignature/v1: vkey, the exact line at the fixed time, verification', () => {
    if (g === undefined) throw new Error('vectors missing');
    const w = cosigner(
      g.witness.name,
      hex(g.witness.ed25519_seed_hex),
      () => g.cosignature.timestamp,
    );
    expect(cosignerVkey(w)).toBe(g.witness.vkey);
    expect(keyIdHex(w.keyId)).toBe(g.witness.key_id_hex);
    const signed = signNote(g.checkpoint_body, [w]);
    expect(signed).toBe(`${g.checkpoint_body}\n${g.cosignature.line}`);
    const logKeys = new Map<string, NoteVerifier[]>([[g.log.origin, [parseVkey(g.log.vkey)]]]);
    const opened = openCheckpoint(g.signed_checkpoint, logKeys);
    expect(opened.checkpoint.size).toBe(8);
    const wv = parseVkey(g.witness.vkey);
    expect(openNote(g.signed_checkpoint, [wv]).verified.map((v) => v.verifier.name)).toEqual([
      g.witness.name,
    ]);
  });

  it('a tampered timestamp fails under the known witness key', () => {
    if (g === undefined) throw new Error('vectors missing');
    const bad = g.negative.find((n) => n.id === 'cosig-timestamp-tampered')?.line ?? '';
    const note = `${g.checkpoint_body}\n${bad}`;
    expect(() => openNote(note, [parseVkey(g.witness.vkey)])).toThrow(/does not verify/);
  });

  it('the same key as a type 0x01 note key has another ID and ignores the 0x04 line', () => {
    if (g === undefined) throw new Error('vectors missing');
    const n = g.negative.find((x) => x.id === 'cosig-under-type-0x01-keyid');
    const asNoteKey = ed25519Signer(g.witness.name, hex(g.witness.ed25519_seed_hex));
    expect(keyIdHex(asNoteKey.keyId)).toBe(n?.wrong_key_id_hex);
    const v = cosignatureVerifier(g.witness.name, asNoteKey.publicKey);
    expect(keyIdHex(v.keyId)).toBe(g.witness.key_id_hex);
    const note = `${g.checkpoint_body}\n${g.cosignature.line}`;
    expect(() => openNote(note, [parseVkey(signerVkey(asNoteKey))])).toThrow(/no signature/);
  });

  it('tlog-proof for leaf 5: parse, re-format byte for byte, verify with quorum 1', () => {
    if (g === undefined) throw new Error('vectors missing');
    const p = parseTlogProof(g.tlog_proof.text);
    expect(p.index).toBe(5);
    expect(formatTlogProof(p)).toBe(g.tlog_proof.text);
    const lh = leafHash(hex(g.tlog_proof.leaf_hex));
    expect(Buffer.from(lh).toString('hex')).toBe(g.tlog_proof.leaf_hash_hex);
    const policy = {
      logKeys: new Map([[g.log.origin, [parseVkey(g.log.vkey)]]]),
      witnesses: [parseVkey(g.witness.vkey)],
      quorum: 1,
    };
    expect(verifyTlogProof(g.tlog_proof.text, lh, policy).witnesses).toEqual([g.witness.name]);
    expect(() => verifyTlogProof(g.tlog_proof.text, lh, { ...policy, quorum: 2 })).toThrow(
      /witness cosignatures/,
    );
    expect(() => verifyTlogProof(g.tlog_proof.text, leafHash(hex('00')), policy)).toThrow(
      /inclusion proof/,
    );
  });
});
