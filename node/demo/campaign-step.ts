// `mesh demo`, the campaign (docs/campaigns.md): several organisations' nodes meet the same new
// attack, each contributes its fingerprint to a Poplar1 task on its own Leader and Helper
// processes, the collector's walk finds the campaign, and `mesh forge` proposes a rule for it that
// passes the harness gate over the pack's own benign examples. Small fingerprints keep it quick.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_PACKS } from '../../packs/index.js';
import { NodeError } from '../errors.js';
import { fingerprintArgs, forgeArgs, poplar1TaskArgs } from '../campaigns/campaign-args.js';
import { runMeshCommand, startMeshService, type MeshService } from './children.js';
import { runMeshStep as mesh } from './children.js';
import { PACK, type DemoMesh } from './mesh-setup.js';
import { freePort } from './ports.js';

// 16 bits: at 8, shapes of everyday calls collide with the campaign's and the gate refuses it.
const BITS = 16;
const TP = 60;
const ORGS = 4;

export interface CampaignOutcome {
  ok: boolean;
  fingerprint: string;
  organisations: number;
  campaigns: number;
  rule: string;
  proposal: string;
}

/** The organisations' own paths and hosts: the same attack, never the same values. */
const attack = (i: number) => ({
  phase: 'call',
  tool: 'Bash',
  args: { command: `npm config set registry http://203.0.113.${10 + i}:${4873 + i}` },
});

/** The pack's own one-call no_match examples (`{"event"}` or `{"steps": [one]}`) as a benign corpus. */
function benignCorpus(file: string): string {
  type Example = { event?: unknown; steps?: unknown[] };
  const rules = (
    BUILTIN_PACKS[PACK] as { rules: Record<string, { tests?: { no_match?: Example[] } }> }
  ).rules;
  const lines = Object.entries(rules).flatMap(([id, r]) =>
    (r.tests?.no_match ?? []).flatMap((x, i) => {
      const event = x.event ?? (x.steps?.length === 1 ? x.steps[0] : undefined);
      return event === undefined
        ? []
        : [JSON.stringify({ id: `${id}-${i}`, label: 'benign', family: 'pack-examples', event })];
    }),
  );
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function fingerprint(home: string, event: object): Promise<string> {
  const r = await runMeshCommand(fingerprintArgs(home, BITS), {
    input: `${JSON.stringify(event)}\n`,
    timeoutMs: 120_000,
  });
  if (r.code !== 0)
    throw new NodeError('io_failed', `mesh campaigns fingerprint failed: ${r.stderr.trim()}`);
  return (JSON.parse(r.stdout) as { fingerprint: string }).fingerprint;
}

/**
 * @throws {NodeError} io_failed naming the step that failed
 * @example
 * const c = await runCampaign(m, progress); // c.ok: the forge's candidate passed the gate
 */
export async function runCampaign(
  m: DemoMesh,
  progress: (message: string) => void,
): Promise<CampaignOutcome> {
  const dir = join(m.work, 'campaign');
  const services: MeshService[] = [];
  try {
    progress(`campaign: a Poplar1 task (${BITS}-bit fingerprints) on its own Leader and Helper`);
    const [lp, hp] = [await freePort(), await freePort()];
    const task = join(dir, 'task');
    await mesh(
      poplar1TaskArgs({
        bits: BITS,
        minBatchSize: 3,
        timePrecision: TP,
        leaderPort: lp,
        helperPort: hp,
        outDir: task,
      }),
      'campaign task',
    );
    for (const [role, port] of [
      ['helper', hp],
      ['leader', lp],
    ] as const)
      services.push(
        await startMeshService([
          '--role',
          `dap-${role}`,
          '--port',
          String(port),
          '--task',
          join(task, `${role}.json`),
          '--data',
          join(dir, role),
        ]),
      );
    progress(`campaign: ${ORGS} organisations meet the same new attack, each with its own values`);
    const window = Math.floor(Date.now() / 1000 / TP) * TP - TP;
    const homes = Array.from({ length: ORGS + 1 }, (_, i) => join(dir, `org${i}`));
    const fps = await Promise.all(
      homes.map((h, i) =>
        fingerprint(
          h,
          i < ORGS
            ? attack(i)
            : { phase: 'call', tool: 'Bash', args: { command: 'shred -u /srv/x' } },
        ),
      ),
    );
    await Promise.all(
      fps.map((fp) =>
        mesh(
          [
            'dap',
            'submit',
            '--task',
            join(task, 'client.json'),
            '--measurement',
            JSON.stringify(fp),
            '--time',
            String(window + 1),
          ],
          'campaign submit',
        ),
      ),
    );
    progress('campaign: the collector walks the heavy hitters level by level');
    const ledger = join(dir, 'ledger.json');
    const walked = await mesh(
      [
        'campaigns',
        'walk',
        '--task',
        join(task, 'collector.json'),
        '--window',
        `${window},${TP}`,
        '--threshold',
        '3',
        '--ledger',
        ledger,
      ],
      'campaign walk',
    );
    const found = (walked.campaigns as { bits: string }[]).map((c) => c.bits);
    const fp = fps[0] ?? '';
    progress(
      'campaign: a node volunteers the form of the campaign; mesh forge gates a rule for it',
    );
    const explained = await mesh(
      ['--state', homes[0] ?? '', 'campaigns', 'explain', fp],
      'explain',
    );
    const forms = join(dir, 'forms.json');
    writeFileSync(forms, JSON.stringify(explained));
    const forged = await mesh(
      forgeArgs({
        campaign: fp,
        ledger,
        forms,
        pack: PACK,
        repo: m.repo,
        keys: join(m.work, 'keys'),
        corpora: [benignCorpus(join(dir, 'benign.jsonl'))],
      }),
      'forge',
    );
    const candidate = forged.candidate as { id: string };
    const proposal = forged.proposal as { file: string };
    return {
      ok: found.length === 1 && found[0] === fp && (forged.gate as { ok: boolean }).ok,
      fingerprint: fp,
      organisations: ORGS,
      campaigns: found.length,
      rule: candidate.id,
      proposal: proposal.file,
    };
  } finally {
    await Promise.all(services.map((s) => s.stop()));
  }
}
