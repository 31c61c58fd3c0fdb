// Secret files a server reads (docs/architecture.md "Rules every room follows"): `mesh serve --role witness` refuses
// a witness key that other users can read, with a coded error and a chmod hint, and starts on 0600.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ed25519Signer, formatSkey, signerVkey } from '../../log/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const started: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

function witnessDir(mode: number): { dir: string; key: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-wkey-'));
  const key = join(dir, 'witness.skey');
  writeFileSync(key, formatSkey('witness.test', randomBytes(32)) + '\n');
  chmodSync(key, mode);
  const config = join(dir, 'config.json');
  const origin = 'example.com/log';
  const vkey = signerVkey(ed25519Signer(origin, randomBytes(32)));
  writeFileSync(config, JSON.stringify({ witness: { key, logs: [{ origin, vkeys: [vkey] }] } }));
  return { dir, key, config };
}

describe('mesh serve --role witness and its key file', () => {
  for (const mode of [0o644, 0o640, 0o604]) {
    it(`refuses a witness key at mode ${mode.toString(8)}`, async () => {
      const w = witnessDir(mode);
      const r = await runMesh(
        [
          'serve',
          '--role',
          'witness',
          '--port',
          '0',
          '--data',
          join(w.dir, 'data'),
          '--config',
          w.config,
        ],
        { timeoutMs: 30_000 },
      );
      expect(r.code).toBe(1);
      const out = r.stdout + r.stderr;
      expect(out).toContain('secret_file_exposed');
      expect(out).toContain(`chmod 600 ${w.key}`);
    });
  }

  it('starts with the key at 0600', async () => {
    const w = witnessDir(0o600);
    const s = await startServe([
      '--role',
      'witness',
      '--data',
      join(w.dir, 'data'),
      '--config',
      w.config,
    ]);
    started.push(s);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});
