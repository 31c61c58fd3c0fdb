// `mesh doctor --config FILE` warns for each opt-out of the issuer section (allow_no_witness,
// no_gossip), says ok when there is none, and fails on a config it cannot read.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';

async function doctorWith(config: string | Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-doc-issuer-'));
  const home = join(dir, 'state');
  mkdirSync(home, { mode: 0o700 });
  const file = join(dir, 'serve.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  const r = await runMesh(['--state', home, 'doctor', '--config', file, '--json']);
  const doc = JSON.parse(r.stdout) as {
    ok: boolean;
    checks: { name: string; status: string; detail: string; hint?: string }[];
  };
  return {
    code: r.code,
    ok: doc.ok,
    checks: Object.fromEntries(doc.checks.map((c) => [c.name, c])),
  };
}

const ISSUER = {
  key: 'issuer.key',
  mirror: 'http://127.0.0.1:1/',
  root: 'root.json',
  log_keys: ['k'],
};

describe('mesh doctor --config: the issuer opt-outs', () => {
  it('warns for allow_no_witness and for no_gossip, each with what to do', async () => {
    const r = await doctorWith({ issuer: { ...ISSUER, allow_no_witness: true, no_gossip: true } });
    expect(r.checks['issuer-witness']).toMatchObject({ status: 'warn' });
    expect(r.checks['issuer-witness']?.hint).toContain('issuer.witnesses');
    expect(r.checks['issuer-gossip']).toMatchObject({ status: 'warn' });
    expect(r.checks['issuer-gossip']?.hint).toContain('no_gossip');
    expect(r.checks['issuer-trust']).toBeUndefined();
  }, 60_000);

  it('warns for one opt-out alone', async () => {
    const r = await doctorWith({ issuer: { ...ISSUER, no_gossip: true } });
    expect(r.checks['issuer-gossip']).toMatchObject({ status: 'warn' });
    expect(r.checks['issuer-witness']).toBeUndefined();
  }, 60_000);

  it('is ok for an issuer without opt-outs, silent for a config without an issuer', async () => {
    const r = await doctorWith({ issuer: { ...ISSUER, witnesses: ['w1', 'w2'] } });
    expect(r.checks['issuer-trust']).toMatchObject({ status: 'ok' });
    const none = await doctorWith({ dap: {} });
    expect(Object.keys(none.checks).filter((n) => n.startsWith('issuer'))).toEqual([]);
  }, 60_000);

  it('fails on a config that is not JSON', async () => {
    const r = await doctorWith('{ not json');
    expect(r.checks['serve-config']).toMatchObject({ status: 'fail' });
    expect(r.ok).toBe(false);
    expect(r.code).not.toBe(0);
  }, 60_000);
});
