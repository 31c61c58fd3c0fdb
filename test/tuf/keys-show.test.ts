// `mesh keys show` and the keys servers print at start: public keys (and C2SP verifier keys for log
// and witness keys) are obtainable without a first publish, and never masked as if secret.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cosigner, cosignerVkey, ed25519Signer, formatSkey, signerVkey } from '../../log/index.js';
import { PublishKeys } from '../../packs/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe } from '../support/serve-process.js';

const tmp = (p: string): string => mkdtempSync(join(tmpdir(), p));

async function show(args: string[]): Promise<Record<string, string>> {
  const r = await runMesh(['keys', 'show', ...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, string>;
}

describe('mesh keys show', () => {
  it("prints a log key's public key and the vkey publish uses", async () => {
    const dir = tmp('keys-show-');
    const made = await runMesh([
      'keys',
      'new',
      '--role',
      'log',
      '--out',
      join(dir, 'log.key'),
      '--json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const d = await show([join(dir, 'log.key')]);
    expect(d.public).toBe((JSON.parse(made.stdout) as { public: string }).public);
    expect(d.vkey).toBe(
      (await import('../../log/index.js')).signerVkey(
        new PublishKeys(dir).logSigner('interlock-mesh/log'),
      ),
    );
    expect(d).not.toHaveProperty('private');
    expect(JSON.stringify(d)).not.toContain('redacted');
  });

  it("prints a witness's cosignature vkey from its PRIVATE+KEY file, refusing a file wider than 0600", async () => {
    const dir = tmp('keys-show-w-');
    const seed = randomBytes(32);
    const file = join(dir, 'w.skey');
    writeFileSync(file, formatSkey('witness-a.test', seed), { mode: 0o600 });
    expect((await show([file])).vkey).toBe(cosignerVkey(cosigner('witness-a.test', seed)));
    const open = join(dir, 'open.skey');
    writeFileSync(open, formatSkey('witness-a.test', seed), { mode: 0o644 });
    const r = await runMesh(['keys', 'show', open]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('0600');
  });

  it('a witness server prints its verifier key at start, unmasked', async () => {
    const dir = tmp('keys-show-serve-');
    const seed = randomBytes(32);
    writeFileSync(join(dir, 'w.skey'), formatSkey('witness-b.test', seed), { mode: 0o600 });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        witness: {
          name: 'witness-b.test',
          key: join(dir, 'w.skey'),
          logs: [
            {
              origin: 'example.test/log',
              vkeys: [cosignerVkey(cosigner('example.test/log', randomBytes(32)))],
            },
          ],
        },
      }),
    );
    const s = await startServe(
      ['--role', 'witness', '--data', dir, '--config', join(dir, 'config.json')],
      {
        MESH_LOG_LEVEL: 'info',
      },
    );
    try {
      const vkey = cosignerVkey(cosigner('witness-b.test', seed));
      await new Promise((r) => setTimeout(r, 200));
      expect(s.stderr()).toContain(`witness public key ${vkey}`);
      expect(s.stderr()).toContain(`"vkey":"${vkey}"`);
    } finally {
      await s.stop();
    }
  });

  it("a mirror prints the log's verifier key it checks at start", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-mirror-key-'));
    const vkey = signerVkey(ed25519Signer('example.test/log', randomBytes(32)));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ mirror: { logKey: vkey } }));
    const s = await startServe([
      '--role',
      'mirror',
      '--repo',
      dir,
      '--data',
      join(dir, 'data'),
      '--config',
      join(dir, 'config.json'),
    ]);
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(s.stderr()).toContain(`mesh serve: log public key ${vkey}`);
    } finally {
      await s.stop();
    }
  });
});
