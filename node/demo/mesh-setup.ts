// `mesh demo`, maintainer side: keys, three witnesses, the pack, the member lists and the DAP task
// published through TUF and the log, a mirror, the token issuer, a DAP leader and helper, and the
// collector — each a `mesh` process.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cosigner, cosignerVkey, formatSkey, signerVkey } from '../../log/index.js';
import { BUILTIN_PACKS, PublishKeys } from '../../packs/index.js';
import { runMeshStep, startMeshService, type MeshService } from './children.js';
import { enrolOrganisations, type DemoOrg } from './organisations.js';
import { freePort } from './ports.js';
import { vectorLength } from '../consensus/index.js';

/** Member tiers the demo's task has slots for (its organisations are enrolled with tiers 1 to 3). */
const DEMO_TIERS = 3;

/** One token per organisation per day, the same window the nodes report in. */
export const TOKEN_WINDOW = 86_400;

export const LOG_ORIGIN = 'interlock-mesh/log';
export const PACK = 'coding-agent';
export const ONLINE_AND_DEMO_OFFLINE = [
  'root',
  'targets',
  'canary',
  'stable',
  'snapshot',
  'timestamp',
  'log',
  'collector',
];

export interface DemoMesh {
  work: string;
  repo: string;
  mirror: string;
  logKey: string;
  witnessKeys: string[];
  packFile: string;
  catalog: string[];
  collector: string;
  /** The task's public file: what a node's `mesh dap submit` uploads against. */
  clientTask: string;
  /** One organisation per node, in node order. */
  orgs: DemoOrg[];
  services: MeshService[];
}

const mesh = runMeshStep;

function writeJson(file: string, doc: unknown): string {
  writeFileSync(file, JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 });
  return file;
}

export async function setUpMesh(
  work: string,
  nodes: number,
  progress: (m: string) => void,
): Promise<DemoMesh> {
  const keys = join(work, 'keys');
  const repo = join(work, 'repo');
  mkdirSync(keys, { recursive: true, mode: 0o700 });
  const services: MeshService[] = [];
  const serve = async (args: string[]): Promise<MeshService> => {
    const s = await startMeshService(args);
    services.push(s);
    return s;
  };
  try {
    progress('making keys (root and targets are threshold 1 here: a demo, not a ceremony)');
    await Promise.all(
      ONLINE_AND_DEMO_OFFLINE.map((role) =>
        mesh(['keys', 'new', '--role', role, '--out', join(keys, `${role}.key`)], `key ${role}`),
      ),
    );
    const logKey = signerVkey(new PublishKeys(keys).logSigner(LOG_ORIGIN));

    progress('starting three witnesses (quorum two)');
    const witnesses = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const dir = join(work, `witness-${i}`);
        mkdirSync(dir, { recursive: true });
        const seed = randomBytes(32);
        const skey = formatSkey(`witness-${i}`, seed);
        writeFileSync(join(dir, 'witness.skey'), skey + '\n', { mode: 0o600 });
        const config = writeJson(join(dir, 'config.json'), {
          witness: {
            name: `witness-${i}`,
            key: join(dir, 'witness.skey'),
            logs: [{ origin: LOG_ORIGIN, vkeys: [logKey] }],
          },
        });
        const s = await serve(['--role', 'witness', '--data', dir, '--config', config]);
        return { url: s.url, vkey: cosignerVkey(cosigner(`witness-${i}`, seed)) };
      }),
    );
    const witnessFlags = witnesses.flatMap((w) => ['--witness', `${w.url}=${w.vkey}`]);
    /** `mesh publish WHAT...` into the demo's repository, cosigned by two of the three witnesses. */
    const publishArgs = (...what: string[]): string[] => [
      'publish',
      ...what,
      '--repo',
      repo,
      '--keys',
      keys,
      // The demo's repository is threshold 1 from single key files: governance's demo profile.
      '--profile',
      'demo',
      ...witnessFlags,
      '--quorum',
      '2',
    ];

    progress(
      `publishing builtin:${PACK} to the canary ring (TUF target + log entries + cosigned checkpoint)`,
    );
    const pack = BUILTIN_PACKS[PACK] as { catalog: string[] };
    const packFile = writeJson(join(work, `${PACK}.json`), pack);
    await mesh(publishArgs(packFile, '--ring', 'canary'), 'publish');

    progress(
      `enrolling ${nodes} organisations (one per node) and publishing the signed member list through TUF`,
    );
    const members = await enrolOrganisations(work, nodes, DEMO_TIERS);
    await mesh(publishArgs('--members', members.file), 'publish members');

    progress(
      'provisioning the DAP task (Prio3SumVec over per-rule signals; one token per organisation per day)',
    );
    const [leaderPort, helperPort, issuerPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const issuerUrl = `http://127.0.0.1:${issuerPort}/issuer/`;
    const dap = join(work, 'dap');
    await mesh(
      [
        'dap',
        'task',
        'new',
        '--vdaf',
        'Prio3SumVec',
        '--length',
        String(vectorLength({ catalog: pack.catalog, tiers: DEMO_TIERS })),
        '--max-measurement',
        '1',
        '--min-batch-size',
        String(nodes),
        // A demo with fewer nodes than the consent floor is small on purpose.
        ...(nodes < 10 ? ['--below-consent-floor'] : []),
        '--batch-mode',
        'leader_selected',
        '--time-precision',
        '60',
        '--leader',
        `http://127.0.0.1:${leaderPort}/leader/`,
        '--helper',
        `http://127.0.0.1:${helperPort}/helper/`,
        '--issuer',
        issuerUrl,
        '--issuer-key',
        members.issuerPublicKey,
        '--token-window',
        String(TOKEN_WINDOW),
        '--out-dir',
        dap,
      ],
      'dap task new',
    );
    await mesh(publishArgs('--task', join(dap, 'client.json'), '--name', PACK), 'publish task');

    progress(
      'starting the mirror, the token issuer, the DAP leader and helper (two organisations in real life) and the collector',
    );
    // the mirror gossips checkpoints of the log, so each node's subscribe can check for a split view
    const mirrorConfig = writeJson(join(work, 'mirror.json'), { mirror: { logKey } });
    const mirror = await serve([
      '--role',
      'mirror',
      '--repo',
      repo,
      '--data',
      join(work, 'mirror'),
      '--config',
      mirrorConfig,
    ]);
    // The issuer reads the member lists through TUF from the mirror, with the nodes' trust rules.
    const issuerConfig = writeJson(join(work, 'issuer.json'), {
      issuer: {
        key: members.issuerKeyFile,
        mirror: mirror.url,
        root: join(repo, 'metadata', '1.root.json'),
        log_keys: [logKey],
        witnesses: witnesses.map((w) => w.vkey),
        quorum: 2,
        authority: members.authority,
      },
    });
    await serve([
      '--role',
      'issuer',
      '--port',
      String(issuerPort),
      '--data',
      join(work, 'issuer'),
      '--config',
      issuerConfig,
    ]);
    await serve([
      '--role',
      'dap-helper',
      '--port',
      String(helperPort),
      '--task',
      join(dap, 'helper.json'),
      '--data',
      join(work, 'helper'),
    ]);
    await serve([
      '--role',
      'dap-leader',
      '--port',
      String(leaderPort),
      '--task',
      join(dap, 'leader.json'),
      '--data',
      join(work, 'leader'),
    ]);
    const collectorConfig = writeJson(join(work, 'collector.json'), {
      collector: {
        pack: packFile,
        key: join(keys, 'collector.key'),
        ring: 'canary',
        ringSince: 0,
        pollSeconds: 1,
        // Demo thresholds: one batch of N reports may already decide; real deployments wait weeks.
        consensus: {
          promoteAfterDays: 0,
          promoteMinReports: nodes,
          promoteMinHits: Math.max(2, Math.ceil(nodes / 4)),
          demoteMinHits: 2,
          demoteFalsePositiveShare: 0.25,
        },
      },
    });
    const collector = await serve([
      '--role',
      'collector',
      '--task',
      join(dap, 'collector.json'),
      '--config',
      collectorConfig,
      '--data',
      join(work, 'collector'),
    ]);
    return {
      work,
      repo,
      mirror: mirror.url,
      logKey,
      witnessKeys: witnesses.map((w) => w.vkey),
      packFile,
      catalog: pack.catalog,
      collector: collector.url,
      clientTask: join(dap, 'client.json'),
      orgs: members.orgs,
      services,
    };
  } catch (e) {
    await Promise.all(services.map((s) => s.stop()));
    throw e;
  }
}
