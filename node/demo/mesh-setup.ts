// `mesh demo`, maintainer side: keys, three witnesses, the pack and its DAP task published through
// TUF and the log, a mirror, a DAP leader and helper, and the collector — each a `mesh` process.
import { NodeError } from '../errors.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cosigner, cosignerVkey, formatSkey, signerVkey } from '../../log/index.js';
import { BUILTIN_PACKS, PublishKeys } from '../../packs/index.js';
import { runMeshCommand, startMeshService, type MeshService } from './children.js';
import { freePort } from './ports.js';
import { vectorLength } from '../consensus/index.js';

/** Member tiers the demo's task has slots for (its nodes report as tier 0). */
const DEMO_TIERS = 3;

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
  services: MeshService[];
}

export async function mesh(args: string[], step: string): Promise<Record<string, unknown>> {
  const r = await runMeshCommand([...args, '--json'], { timeoutMs: 120_000 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0)
    throw new NodeError(
      'io_failed',
      `${step} failed (mesh ${args[0] ?? ''} exit ${String(r.code)}): ${last || r.stderr.trim()}`,
    );
  return JSON.parse(last) as Record<string, unknown>;
}

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

    progress(
      `publishing builtin:${PACK} to the canary ring (TUF target + log entries + cosigned checkpoint)`,
    );
    const pack = BUILTIN_PACKS[PACK] as { catalog: string[] };
    const packFile = writeJson(join(work, `${PACK}.json`), pack);
    await mesh(
      [
        'publish',
        packFile,
        '--repo',
        repo,
        '--keys',
        keys,
        // The demo's repository is threshold 1 from single key files: governance's demo profile.
        '--profile',
        'demo',
        '--ring',
        'canary',
        ...witnessFlags,
        '--quorum',
        '2',
      ],
      'publish',
    );

    progress('provisioning the DAP task (Prio3SumVec over hits and false positives per rule)');
    const [leaderPort, helperPort] = [await freePort(), await freePort()];
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
        '--out-dir',
        dap,
      ],
      'dap task new',
    );
    await mesh(
      [
        'publish',
        '--task',
        join(dap, 'client.json'),
        '--name',
        PACK,
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
      ],
      'publish task',
    );

    progress(
      'starting the mirror, the DAP leader and helper (two organisations in real life) and the collector',
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
      services,
    };
  } catch (e) {
    await Promise.all(services.map((s) => s.stop()));
    throw e;
  }
}
