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
const base32 = (b: Buffer): string => {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of b) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += abc[(value >>> (bits - 5)) & 31]!;
      bits -= 5;
    }
  }
  return bits > 0 ? out + abc[(value << (5 - bits)) & 31]! : out;
};
const rot13 = (s: string): string =>
  s.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(
      ((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65),
    ),
  );
let b64n = Buffer.from(secret);
for (let i = 0; i < 6; i++) b64n = Buffer.from(b64n.toString('base64'));

const GAPS: Record<string, string> = {
  base32: base32(Buffer.from(secret)),
  rot13: rot13(secret),
  'characters interleaved with separators': secret.split('').join('-'),
  'case of a base64 form flipped': Buffer.from(secret).toString('base64').toLowerCase(),
  'six nested base64 layers (past the depth bound)': b64n.toString(),
  'xor with a one-byte key, then hex': Buffer.from(
    Buffer.from(secret).map((x) => x ^ 0x5a),
  ).toString('hex'),
  'decimal character codes': [...Buffer.from(secret)].join(','),
  'printf octal escapes in a shell command': `printf '${[...Buffer.from(secret)].map((x) => `\\${x.toString(8)}`).join('')}'`,
  'raw deflate glued to base64 text without a separator': `abcd${deflateRawSync(Buffer.from(secret)).toString('base64')}`,
};

describe('known laundering gaps (pinned: not detected today)', () => {
  for (const [name, leaked] of Object.entries(GAPS)) {
    it(name, () => {
      const t = createFlowTracker();
      t.registerSecret(secret, 'k');
      expect(t.check('s', { body: leaked }).hits).toEqual([]);
    });
  }

  it('raw deflate is caught once a separator stands before it; brotli is caught glued or not', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    const raw = deflateRawSync(Buffer.from(secret)).toString('base64');
    const brotli = brotliCompressSync(Buffer.from(secret)).toString('base64');
    for (const body of [`abcd ${raw}`, `abcd${brotli}`, `xyzw1234${brotli}`, `abcd ${brotli}`])
      expect([body, t.check('s', { body }).hits.length]).toEqual([body, 1]);
  });

  it('a secret split across two outbound calls', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    expect(t.check('s', { body: secret.slice(0, 11) }).hits).toEqual([]);
    expect(t.check('s', { body: secret.slice(11) }).hits).toEqual([]);
  });

  it('a secret split across two arguments of one call', () => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    expect(t.check('s', { a: secret.slice(0, 12), b: secret.slice(12) }).hits).toEqual([]);
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
