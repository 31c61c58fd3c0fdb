// The similarity guard through real processes: a node's own blocked call becomes a campaign (the
// collector's ledger), `mesh campaigns target --pack` writes the live campaigns as a pack (its
// rule's examples made up from the node's own form), the maintainer publishes it through TUF and
// the log, another organisation's node subscribes to mesh:campaigns@canary and its
// `mesh guard decide` escalates a call of the campaign's shape written with its own values.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWindow, readLedger, writeLedger } from '../../node/campaigns/campaign-ledger.js';
import { runMesh } from '../support/run-mesh.js';
import {
  expectOk,
  maintainer,
  meshJson,
  nodeHome,
  publish,
  startMirror,
  subscribe,
  type Maintainer,
} from './publish-subscribe.js';

const BITS = 16;
const work = mkdtempSync(join(tmpdir(), 'mesh-campaigns-guard-'));
const ledger = join(work, 'ledger.json');
let m: Maintainer;

/** The coded error a failed `mesh ... --json` printed. */
const codeOf = (r: { json: Record<string, unknown> }): unknown =>
  (r.json.error as { code?: unknown } | undefined)?.code;

const bash = (command: string) => ({ phase: 'call', tool: 'Bash', args: { command } });
const line = (e: object) => `${JSON.stringify(e)}\n`;

beforeAll(async () => {
  m = await maintainer(work, 120_000);
}, 300_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('the similarity guard', () => {
  it('escalates, on another node, a call with the shape of a live campaign', async () => {
    const org1 = join(work, 'org1');
    const fp = await runMesh(
      ['--state', org1, 'campaigns', 'fingerprint', '--bits', String(BITS), '--json'],
      { input: line(bash('scp ci@build.acme.corp:/srv/acme/db.sql /tmp/dump')) },
    );
    expect(fp.code, fp.stderr).toBe(0);
    const bits = (JSON.parse(fp.stdout) as { fingerprint: string }).fingerprint;
    writeLedger(
      ledger,
      addWindow(readLedger(ledger, 3), 1_700_000_000, 3600, [{ bits, count: 5 }]),
    );
    const pack = join(work, 'campaigns.pack.json');
    const args = ['--state', org1, 'campaigns', 'target', '--pack', '--ledger', ledger];
    expectOk(
      await meshJson([...args, '--out', pack, '--version', '1.0.1'], { timeoutMs: 120_000 }),
    );
    // A pack like any other: its own tests pass, it is signed, logged and served by a mirror.
    await publish(m, pack);
    const mirror = await startMirror(m);
    const calls =
      line(bash('scp deploy@db7.globex.lan:/var/backups/all.sql /tmp/x')) +
      line(bash('scp ./notes.txt deploy@db7.globex.lan:/srv/notes.txt')) +
      line(bash('ls -la'));
    const decide = async (home: string) => {
      expectOk(await subscribe(m, home, 'mesh:campaigns@canary', mirror));
      const d = await runMesh(
        ['--state', home, 'guard', 'decide', '--pack', 'mesh:campaigns@canary'],
        {
          input: calls,
          timeoutMs: 60_000,
        },
      );
      expect(d.code, d.stderr).toBe(0);
      return d.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { verdict: string; rule: string | null; shadow: boolean });
    };
    // A node with the default operator policy runs a new community rule in shadow first.
    const fresh = await decide(nodeHome(m, 'org2', {}));
    expect(fresh[0]).toMatchObject({ verdict: 'allow', rule: 'campaign.live', shadow: true });
    // One whose operator lets community rules act at once escalates the campaign's shape only.
    const home = nodeHome(m, 'org3', {
      schema: 1,
      operator: { grants: [], ungranted: 'escalate', allowlist: [], shadowWindowSeconds: 0 },
    });
    const out = await decide(home);
    expect(out.map((o) => o.verdict)).toEqual(['escalate', 'allow', 'allow']);
    expect(out[0]?.rule).toBe('campaign.live');
  }, 900_000);

  it('refuses to write a pack without a form of any live campaign to make examples from', async () => {
    const stranger = join(work, 'stranger');
    const r = await meshJson(
      [
        '--state',
        stranger,
        'campaigns',
        'target',
        '--pack',
        '--ledger',
        ledger,
        '--out',
        join(work, 'x.json'),
        '--forms',
        join(work, 'none.json'),
      ],
      { timeoutMs: 60_000 },
    );
    expect(r.code).not.toBe(0);
    expect(codeOf(r)).toBe('forge_form_invalid');
  }, 120_000);
});
