// Three witnesses, each a real `mesh serve --role witness` process, and a client that needs two
// cosignatures: one witness down still meets the quorum, two down does not.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryTree,
  cosigner,
  cosignatureVerifier,
  countCosigners,
  formatCheckpoint,
  formatSkey,
  leafHash,
  signNote,
  signerVkey,
  requestCosignatures,
  type WitnessEndpoint,
} from '../../log/index.js';
import { enc, logKey, tempDir } from './helpers.js';
import { startMesh, type Proc } from './processes.js';

const log = logKey('example.com/quorum');
const tree = new MemoryTree();
const knownSizes = new Map<string, number>();

function grow(to: number): string {
  while (tree.size < to) tree.append(leafHash(enc(`e${tree.size}`)));
  const text = formatCheckpoint({
    origin: log.origin,
    size: to,
    root: tree.root(to),
    extensions: [],
  });
  return signNote(text, [log.signer]);
}

describe('witness quorum (2 of 3)', () => {
  const procs: Proc[] = [];
  const witnesses: WitnessEndpoint[] = [];

  beforeAll(async () => {
    const started = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const dir = tempDir();
        const name = `witness.example/w${n}`;
        const seed = randomBytes(32);
        writeFileSync(join(dir, 'w.key'), formatSkey(name, seed), { mode: 0o600 });
        const config = {
          witness: {
            name,
            key: join(dir, 'w.key'),
            logs: [{ origin: log.origin, vkeys: [signerVkey(log.signer)] }],
          },
        };
        writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
        const p = await startMesh([
          'serve',
          '--role',
          'witness',
          '--port',
          '0',
          '--data',
          join(dir, 'data'),
          '--config',
          join(dir, 'config.json'),
        ]);
        const c = cosigner(name, seed);
        return {
          p,
          endpoint: {
            url: `${String(p.ready.listening)}/witness`,
            verifier: cosignatureVerifier(c.name, c.publicKey),
          },
        };
      }),
    );
    for (const s of started) {
      procs.push(s.p);
      witnesses.push(s.endpoint);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
  });

  const ask = (size: number) =>
    requestCosignatures({
      checkpoint: grow(size),
      size,
      witnesses,
      quorum: 2,
      proof: (old) => tree.consistencyProof(old, size),
      knownSizes,
      limits: { idleTimeoutMs: 5_000, totalTimeoutMs: 5_000 },
    });

  it('all three up: three verified cosignatures', async () => {
    const r = await ask(10);
    expect(r.cosigners).toHaveLength(3);
    expect(
      countCosigners(
        r.checkpoint,
        witnesses.map((w) => w.verifier),
      ),
    ).toHaveLength(3);
  });

  it('a client that forgot the witnesses sizes recovers through 409', async () => {
    knownSizes.clear();
    const r = await ask(12);
    expect(r.cosigners).toHaveLength(3);
  });

  it('one witness down: the quorum of two is still met', async () => {
    await procs[0]?.stop();
    const r = await ask(20);
    expect(r.cosigners.sort()).toEqual(['witness.example/w2', 'witness.example/w3']);
    expect(r.failures).toHaveLength(1);
  });

  it('two witnesses down: quorum_not_met', async () => {
    await procs[1]?.stop();
    await expect(ask(30)).rejects.toMatchObject({ code: 'quorum_not_met' });
  });
});
