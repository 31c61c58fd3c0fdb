// Shared set-up of the token suites: a repository whose member and revocation lists are published
// with `mesh publish --members` and served by a real mirror, and an issuer config that reads them
// from that mirror through TUF (the issuer has no local list files).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DapClient,
  newTaskFiles,
  privacyPass as pp,
  type TaskFiles,
  type TaskParamsJson,
} from '../../dap/index.js';
import { addMember, newMembership, orgIdOf, type AuthoritySigner } from '../../governance/index.js';
import { freePort } from '../../node/demo/ports.js';
import { createKeyFile, ed25519Signer, newEd25519Secret, type Signer } from '../../tuf/index.js';
import { restartServe, type PairArgs } from '../dap/aggregator-pair.js';
import { taskParams, writeTaskFiles } from '../dap/support.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import {
  DEMO,
  expectOk,
  maintainer,
  meshJson,
  publish,
  startMirror,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

export interface MemberMesh extends Maintainer {
  mirror: string;
}

/** `mesh publish --members FILE` (the authority's working file) into the maintainer's repository. */
export async function publishMembers(m: Maintainer, file: string): Promise<void> {
  expectOk(
    await meshJson(['publish', '--members', file, '--repo', m.repo, '--keys', m.keys, ...DEMO], {
      timeoutMs: 120_000,
    }),
  );
}

/** A maintainer's repository in WORK with a pack and the lists of FILE, and a mirror serving it. */
export async function memberMesh(work: string, file: string): Promise<MemberMesh> {
  const m = await maintainer(work);
  await publish(m, writePack(m, 'coding-agent.json'));
  await publishMembers(m, file);
  return { ...m, mirror: await startMirror(m) };
}

/**
 * Writes OUT, an issuer config reading the lists from the mirror (this fixture publishes without
 * witnesses and serves no gossip, so it opts out of both explicitly).
 */
export function issuerConfig(mm: MemberMesh, key: string, out: string, extra: object = {}): string {
  writeFileSync(
    out,
    JSON.stringify({
      issuer: {
        key,
        mirror: mm.mirror,
        root: mm.root,
        log_keys: [mm.logKey],
        allow_no_witness: true,
        no_gossip: true,
        ...extra,
      },
    }),
  );
  return out;
}

/** The crash suites' tokened DAP task: N member organisations, a running issuer and the task files. */
export interface TokenedTask {
  mm: MemberMesh;
  orgs: Signer[];
  issuer: ServeProcess;
  policy: { url: string; public_key: string; window_seconds: number };
  files: TaskFiles;
  paths: { leader: string; helper: string };
  ports: { leader: number; helper: number };
}

/**
 * In DIR: a membership of `orgs` tier-2 organisations published through a mirror, an issuer that
 * reads it (token windows of `windowSeconds`), and a Prio3Count task (`task` overrides its
 * parameters) whose Leader and Helper ports are chosen but not yet started.
 */
export async function tokenedTask(
  dir: string,
  o: { orgs: number; windowSeconds: number; task: Partial<TaskParamsJson> },
): Promise<TokenedTask> {
  const a = ed25519Signer(newEd25519Secret());
  const authority: AuthoritySigner = { publicKey: a.key.publicKey, sign: (x) => a.sign(x) };
  const orgs = Array.from({ length: o.orgs }, () => ed25519Signer(newEd25519Secret()));
  let ms = newMembership(authority);
  orgs.forEach((org, i) => {
    ms = addMember(
      ms,
      { name: `org${i}`, publicKey: org.key.publicKey, tier: 2 },
      authority,
      new Date(),
    );
  });
  // The authority's working file, published as TUF targets and read by the issuer from a mirror.
  writeFileSync(join(dir, 'membership.json'), JSON.stringify(ms));
  const mm = await memberMesh(join(dir, 'maintainer'), join(dir, 'membership.json'));
  const issuerKey = createKeyFile(join(dir, 'issuer.key'), 'issuer');
  issuerConfig(mm, join(dir, 'issuer.key'), join(dir, 'issuer.json'));
  const [ip, lp, hp] = [await freePort(), await freePort(), await freePort()];
  const issuer = await startServe(
    ['--role', 'issuer', '--port', String(ip), '--data', join(dir, 'i')].concat(
      '--config',
      join(dir, 'issuer.json'),
    ),
  );
  const policy = {
    url: `http://127.0.0.1:${ip}/issuer/`,
    public_key: issuerKey.signer.key.publicKey,
    window_seconds: o.windowSeconds,
  };
  const files = newTaskFiles(
    taskParams(`http://127.0.0.1:${lp}`, `http://127.0.0.1:${hp}`, {
      min_batch_size: 1,
      vdaf: { type: 'Prio3Count' },
      ...o.task,
    }),
    { issuer: policy },
  );
  const paths = writeTaskFiles(dir, files);
  return { mm, orgs, issuer, policy, files, paths, ports: { leader: lp, helper: hp } };
}

/** A client of the task whose reports carry a token the issuer gave organisation `org`. */
export function tokenedClient(t: TokenedTask, org: Signer, timePrecision: number): DapClient {
  const client = new DapClient(t.files.client);
  const req: pp.TokenRequester = {
    policy: pp.parseTokenPolicy(t.policy, timePrecision),
    orgId: orgIdOf(org.key.publicKey),
    sign: (x) => Uint8Array.from(Buffer.from(org.sign(x), 'hex')),
  };
  client.reportExtensions = async (id, time) => [
    {
      type: pp.REPORT_TOKEN_EXTENSION,
      data: pp.encodeReportToken(
        await pp.fetchReportToken(req, client.task.id, id, time, timePrecision),
      ),
    },
  ];
  return client;
}

/** The honest client resends the same bytes until the Leader answers (report_replayed is fine). */
export async function resendUntilAnswered(client: DapClient, bytes: Uint8Array): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await client.uploadEncoded([bytes]);
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * One crash round: BYTES upload while the VICTIM aggregator is SIGKILLed after up to JITTER ms; it
 * restarts on the same data (added to RUNNING) and the honest client resends until answered.
 */
export async function uploadAcrossCrash(
  client: DapClient,
  bytes: Uint8Array,
  pair: {
    procs: Record<'leader' | 'helper', ServeProcess>;
    args: PairArgs;
    running: ServeProcess[];
  },
  victim: 'leader' | 'helper',
  jitterMs: number,
): Promise<void> {
  const upload = client.uploadEncoded([bytes]).catch(() => undefined);
  await new Promise((r) => setTimeout(r, Math.random() * jitterMs));
  await pair.procs[victim].kill();
  await upload;
  pair.procs[victim] = await restartServe(pair.args[victim]);
  pair.running.push(pair.procs[victim]);
  await resendUntilAnswered(client, bytes);
}
