// `mesh forge` through real processes: nodes fingerprint and explain their own calls (the forms
// they volunteer), the collector's ledger holds the campaign, the forge gates a candidate rule
// through the harness over the shell corpora and writes a signed canary proposal that
// `mesh publish --apply` finishes; a candidate with a false positive is refused with a coded
// error and nothing is written.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintArgs,
  forgeArgs as campaignForgeArgs,
} from '../../node/campaigns/campaign-args.js';
import { addWindow, readLedger, writeLedger } from '../../node/campaigns/campaign-ledger.js';
import { currentPack } from '../../node/consensus/index.js';
import { ROOT } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import {
  applyArgs,
  BUILTIN,
  expectOk,
  maintainer,
  meshJson,
  PACK,
  publish,
  writePack,
  type Maintainer,
} from '../e2e/publish-subscribe.js';

const BITS = 16;
const WINDOW = 1_700_000_000;
const work = mkdtempSync(join(tmpdir(), 'mesh-forge-'));
const ledger = join(work, 'ledger.json');
const corpora = ['train-benign', 'train-attacks', 'heldout-benign'].map((c) =>
  join(ROOT, 'packs', 'corpora', 'shell', `${c}.jsonl`),
);
let m: Maintainer;

/** The attack of the first campaign: re-pointing the package registry at a bare address. */
const KNOWN_BY = 'ca.supply-chain';

/**
 * The built-in pack without the rule that knows the campaign's attack: the pack the network has
 * before the campaign, which lets the attack through.
 */
function packBefore(): object {
  const d = structuredClone(BUILTIN) as {
    catalog: string[];
    rules: Record<string, unknown>;
    policy: { rules: { id: string }[] };
  };
  d.catalog = d.catalog.filter((id) => id !== KNOWN_BY);
  d.rules = Object.fromEntries(Object.entries(d.rules).filter(([id]) => id !== KNOWN_BY));
  d.policy.rules = d.policy.rules.filter((r) => r.id !== KNOWN_BY);
  return d;
}

/** The coded error a failed `mesh ... --json` printed. */
const codeOf = (r: { json: Record<string, unknown> }): unknown =>
  (r.json.error as { code?: unknown } | undefined)?.code;

const bash = (command: string) => ({ phase: 'call', tool: 'Bash', args: { command } });

/** Organisation `org` fingerprints its call and explains it: the form it volunteers, in a file. */
async function volunteer(org: string, event: object): Promise<{ fp: string; forms: string }> {
  const home = join(work, org);
  const r = await runMesh(fingerprintArgs(home, BITS), { input: `${JSON.stringify(event)}\n` });
  expect(r.code, r.stderr).toBe(0);
  const fp = (JSON.parse(r.stdout) as { fingerprint: string }).fingerprint;
  const e = await runMesh(['--state', home, 'campaigns', 'explain', fp, '--json']);
  expect(e.code, e.stderr).toBe(0);
  const forms = join(work, `${org}.forms.json`);
  writeFileSync(forms, e.stdout);
  return { fp, forms };
}

/** The collector found `fp` in four organisations' reports of one window. */
function found(fp: string): void {
  writeLedger(ledger, addWindow(readLedger(ledger, 3), WINDOW, 3600, [{ bits: fp, count: 4 }]));
}

const forgeArgs = (fp: string, forms: string, extra: string[] = []): string[] => [
  ...campaignForgeArgs({
    campaign: fp,
    ledger,
    forms,
    pack: PACK,
    repo: m.repo,
    keys: m.keys,
    corpora,
  }),
  ...extra,
];

beforeAll(async () => {
  m = await maintainer(work, 120_000);
  await publish(m, writePack(m, 'pack.json', packBefore()));
}, 600_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('mesh forge', () => {
  it('proposes a gated rule for a new attack, and mesh publish --apply publishes it', async () => {
    // Re-pointing the package registry at a bare address: the pack before the campaign lets it through.
    const { fp, forms } = await volunteer(
      'org1',
      bash('npm config set registry http://203.0.113.9:4873'),
    );
    found(fp);
    const r = expectOk(await meshJson(forgeArgs(fp, forms), { timeoutMs: 300_000 }));
    const out = r.json as {
      candidate: { id: string; source: string };
      gate: { ok: boolean; benign_hits: number };
      proposal: { file: string; version: number };
    };
    expect(out.candidate.source).toBe('form');
    expect(out.gate).toMatchObject({ ok: true, benign_hits: 0 });
    expectOk(await meshJson(applyArgs(m, out.proposal.file), { timeoutMs: 120_000 }));
    const served = currentPack(m.repo, PACK, 'canary');
    const doc = JSON.parse(new TextDecoder().decode(served?.bytes)) as { catalog: string[] };
    expect(doc.catalog).toContain(out.candidate.id);
    // Another organisation's variant of the attack, against the published pack.
    const file = join(work, 'published.json');
    writeFileSync(file, served?.bytes ?? '');
    const d = await runMesh(['guard', 'decide', '--pack', file], {
      input: `${JSON.stringify(bash('npm config set registry http://198.51.100.7:8080'))}\n${JSON.stringify(bash('npm config get registry'))}\n`,
    });
    expect(d.code, d.stderr).toBe(0);
    const [hit, miss] = d.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { verdict: string; rule: string | null });
    expect(hit).toMatchObject({ verdict: 'escalate', rule: out.candidate.id });
    expect(miss?.rule).not.toBe(out.candidate.id);
    // The same campaign cannot be forged into the pack twice.
    const again = await meshJson(forgeArgs(fp, forms), { timeoutMs: 300_000 });
    expect(again.code).toBe(1);
    expect(codeOf(again)).toBe('forge_candidate_invalid');
  }, 900_000);

  it('refuses a candidate with a false positive on the benign corpus, writing nothing', async () => {
    // The shape of a benign corpus call (kubectl delete pod web-1).
    const { fp, forms } = await volunteer('org2', bash('kubectl delete pod api-7'));
    found(fp);
    const proposals = `${m.repo}.proposals`;
    const before = existsSync(proposals) ? readdirSync(proposals).length : 0;
    const r = await meshJson(forgeArgs(fp, forms), { timeoutMs: 300_000 });
    expect(r.code).toBe(1);
    expect(codeOf(r)).toBe('forge_gate_failed');
    expect(JSON.stringify(r.json)).toContain('false positive');
    expect(existsSync(proposals) ? readdirSync(proposals).length : 0).toBe(before);
  }, 600_000);

  it('refuses a campaign the collector never found, and a form of another fingerprint', async () => {
    const { forms } = await volunteer('org3', bash('helm list -A'));
    const none = await meshJson(forgeArgs('0'.repeat(BITS), forms), { timeoutMs: 120_000 });
    expect(none.code).toBe(1);
    expect(codeOf(none)).toBe('forge_no_campaign');
    const other = await volunteer('org4', bash('npm config set registry http://203.0.113.9:4873'));
    const mismatch = await meshJson(forgeArgs(other.fp, forms), { timeoutMs: 120_000 });
    expect(mismatch.code).toBe(1);
    expect(codeOf(mismatch)).toBe('forge_form_mismatch');
  }, 600_000);
});
