// docs/architecture.md "Subscribe" log checks against a real log on level storage, its tiles served over HTTP on
// 127.0.0.1: inclusion, consistency with the last accepted checkpoint, quorum, and the monitor rule.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AppendableLog,
  ed25519Signer,
  ed25519Verifier,
  formatTlogProof,
  tilesApp,
  TileReader,
  writeTiles,
  type NoteVerifier,
} from '../../../log/index.js';
import { leafBytes, PackError, verifyLogged, type Leaf } from '../../../packs/index.js';

const ORIGIN = 'example.test/log';
const seed = randomBytes(32);
const signer = ed25519Signer(ORIGIN, seed);
const logKeys = new Map<string, NoteVerifier[]>([
  [ORIGIN, [ed25519Verifier(ORIGIN, signer.publicKey)]],
]);
/** The explicit opt-out: these cases are about the log, not the witnesses. */
const trust = { logKeys, witnesses: [], quorum: 0, policyQuorum: 2, allowNoWitness: true };
const gossip = { peers: [], disabled: true };
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

const leaf = (version: number, sha: string): Leaf => ({
  role: 'canary',
  version,
  path: 'packs/p/canary/p.json',
  sha256: sha.repeat(64).slice(0, 64),
  length: 10,
});

/** A log holding `leaves`, its tiles served over HTTP; returns proofs for every entry. */
async function servedLog(leaves: Leaf[]) {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-vl-'));
  const log = await AppendableLog.open({ dir: join(dir, 'db'), origin: ORIGIN, signer });
  for (const l of leaves) await log.append(leafBytes(l));
  const checkpoint = log.checkpoint();
  await writeTiles(join(dir, 'tiles'), log, 0, log.size, checkpoint);
  const proofs = leaves.map((_, i) =>
    formatTlogProof({ index: i, proof: log.tree.inclusionProof(i, log.size), checkpoint }),
  );
  await log.close();
  const app = tilesApp(join(dir, 'tiles'));
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve(`http://127.0.0.1:${info.port}`);
    });
    closers.push(
      () =>
        new Promise((r) =>
          server.close(() => {
            r();
          }),
        ),
    );
  });
  return { reader: new TileReader(url), proofs, checkpoint };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof PackError) return e.code;
    throw e;
  }
}

describe('verifyLogged', () => {
  it('accepts an included leaf and a log that extends the last accepted checkpoint', async () => {
    const a = await servedLog([leaf(1, 'a'), leaf(2, 'b')]);
    const first = await verifyLogged({
      leaf: leaf(2, 'b'),
      proof: a.proofs[1] ?? '',
      trust,
      reader: a.reader,
      gossip,
    });
    expect(first.size).toBe(2);
    const b = await servedLog([leaf(1, 'a'), leaf(2, 'b'), leaf(3, 'c')]);
    const next = await verifyLogged({
      leaf: leaf(3, 'c'),
      proof: b.proofs[2] ?? '',
      trust,
      reader: b.reader,
      gossip,
      lastAccepted: first.accepted,
    });
    expect(next.size).toBe(3);
  });

  it('refuses a leaf the proof does not cover, and a missing quorum', async () => {
    const a = await servedLog([leaf(1, 'a'), leaf(2, 'b')]);
    expect(
      await code(
        verifyLogged({
          leaf: leaf(2, 'f'),
          proof: a.proofs[1] ?? '',
          trust,
          reader: a.reader,
          gossip,
        }),
      ),
    ).toBe('log_inclusion_failed');
    const w = ed25519Verifier('witness.test', randomBytes(32));
    expect(
      await code(
        verifyLogged({
          leaf: leaf(2, 'b'),
          proof: a.proofs[1] ?? '',
          trust: { logKeys, witnesses: [w], quorum: 1, policyQuorum: 1 },
          reader: a.reader,
          gossip,
        }),
      ),
    ).toBe('quorum_not_met');
    // the governance quorum applies when the operator did not opt out, whatever --quorum said
    expect(
      await code(
        verifyLogged({
          leaf: leaf(2, 'b'),
          proof: a.proofs[1] ?? '',
          trust: { logKeys, witnesses: [w], quorum: 0, policyQuorum: 2 },
          reader: a.reader,
          gossip,
        }),
      ),
    ).toBe('quorum_not_met');
  });

  it('refuses a log that rewrote what this node accepted (a fork at a larger size)', async () => {
    const a = await servedLog([leaf(1, 'a'), leaf(2, 'b')]);
    const accepted = (
      await verifyLogged({
        leaf: leaf(2, 'b'),
        proof: a.proofs[1] ?? '',
        trust,
        reader: a.reader,
        gossip,
      })
    ).accepted;
    const forked = await servedLog([leaf(1, 'a'), leaf(2, 'e'), leaf(3, 'c')]);
    expect(
      await code(
        verifyLogged({
          leaf: leaf(3, 'c'),
          proof: forked.proofs[2] ?? '',
          trust,
          reader: forked.reader,
          gossip,
          lastAccepted: accepted,
        }),
      ),
    ).toBe('log_inconsistent');
  });

  it('refuses when the log holds a second file for the same role version', async () => {
    const a = await servedLog([leaf(1, 'a'), leaf(2, 'b'), leaf(2, 'd')]);
    expect(
      await code(
        verifyLogged({
          leaf: leaf(2, 'b'),
          proof: a.proofs[1] ?? '',
          trust,
          reader: a.reader,
          gossip,
        }),
      ),
    ).toBe('log_conflict');
  });
});
