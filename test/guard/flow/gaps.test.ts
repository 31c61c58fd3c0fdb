// Known gaps: laundering the flow check does not catch today. Each test pins the current
// behaviour (no hit), so a change in either direction is seen; docs/guard.md lists the same cases.
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FingerprintStore } from '../../../guard/flow/fingerprint-store.js';
import { createFlowTracker } from '../../../guard/flow/tracker.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const secret = 'Q7vX2mK9pL4tR8wZ3nB6yH1c';
let b64n = Buffer.from(secret);
for (let i = 0; i < 6; i++) b64n = Buffer.from(b64n.toString('base64'));

const GAPS: Record<string, string> = {
  'case of a base64 form flipped': Buffer.from(secret).toString('base64').toLowerCase(),
  'six nested base64 layers (past the depth bound)': b64n.toString(),
  'xor with a one-byte key, then hex': Buffer.from(
    Buffer.from(secret).map((x) => x ^ 0x5a),
  ).toString('hex'),
  'raw deflate glued to base64 text without a separator': `abcd${deflateRawSync(Buffer.from(secret)).toString('base64')}`,
};

// Brotli has no header: glue that fills whole base64 quanta puts whole bytes before the stream, and
// the decoder tries it only from the blob's first byte (found by a fast-check run of tracker.test).
const zeroes = Buffer.from(
  Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 113, 0, 17, 117, 0, 67, 72, 98, 147, 17, 69, 66]),
).toString('base64url');

describe('known laundering gaps (pinned: not detected today)', () => {
  for (const [name, leaked] of Object.entries(GAPS)) {
    it(name, () => {
      const t = createFlowTracker();
      t.registerSecret(secret, 'k');
      expect(t.check('s', { body: leaked }).hits).toEqual([]);
    });
  }

  it('brotli glued behind four base64 characters, for a stream that fails from the glue', () => {
    const t = createFlowTracker();
    t.registerSecret(zeroes, 'k');
    const brotli = brotliCompressSync(Buffer.from(zeroes)).toString('base64');
    expect(t.check('s', { body: `rdn/${brotli}` }).hits).toEqual([]);
    expect(t.check('s', { body: `rdn ${brotli}` }).hits).toHaveLength(1);
    expect(t.check('s', { body: `rdn${brotli}` }).hits).toHaveLength(1);
  });

  it('raw deflate is caught once a separator stands before it; brotli glued to most text', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    const raw = deflateRawSync(Buffer.from(secret)).toString('base64');
    const brotli = brotliCompressSync(Buffer.from(secret)).toString('base64');
    for (const body of [`abcd ${raw}`, `abcd${brotli}`, `xyzw1234${brotli}`, `abcd ${brotli}`])
      expect([body, t.check('s', { body }).hits.length]).toEqual([body, 1]);
  });

  it('a long secret leaked in pieces shorter than two chunks (64 bytes)', () => {
    const t = createFlowTracker();
    const long = randomBytes(120).toString('base64');
    t.registerSecret(long, 'pem');
    expect(t.check('s', { body: long.slice(10, 60) }).hits).toEqual([]);
  });

  it('persisted store: halves shorter than 12 bytes of a secret split across two results', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-gap-'));
    try {
      const s = FingerprintStore.open(dir);
      s.observeResult('x', { tool: 'Read', label: 'p1' }, `value: ${secret.slice(0, 10)}`);
      s.observeResult('x', { tool: 'Read', label: 'p2' }, `${secret.slice(10)} end`);
      expect(s.check('x', { body: secret }).hits.filter((h) => h.source.label === 'p1')).toEqual(
        [],
      );
      s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
