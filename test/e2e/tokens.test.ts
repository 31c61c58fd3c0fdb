// Report tokens through real processes (docs/dap.md "Report tokens"): an issuer, a Leader and a Helper
// as `mesh serve`, the CLI as authority, organisations and collector. Each attack is refused and
// absent from the aggregate; the issuer keeps no report ID, context or token.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DapClient,
  hpkeDefault,
  messages as m,
  privacyPass as pp,
  readTaskFile,
} from '../../dap/index.js';
import { orgIdOf } from '../../governance/index.js';
import { freePort } from '../../node/demo/ports.js';
import { loadKeyFile } from '../../tuf/index.js';
import { pairArgs, startPair } from '../dap/aggregator-pair.js';
import { bearer, sealInputShare, tempDir } from '../dap/support.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { issuerConfig, memberMesh, type MemberMesh } from './issuer-mesh.js';

const TP = 60;
const WINDOW = 3600;
const dir = tempDir('tokens');
const procs: ServeProcess[] = [];
let taskDir = '';
let issuerUrl = '';
let issued: pp.ReportToken | undefined;
let mm: MemberMesh;

async function mesh(args: string[]): Promise<Record<string, unknown>> {
  const r = await runMesh([...args, '--json'], { timeoutMs: 120_000 });
  if (r.code !== 0 && r.code !== 1) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return { ...(JSON.parse(r.stdout || '{}') as Record<string, unknown>), exit: r.code };
}

const orgKey = (name: string) => join(dir, `${name}.key`);

/** A requester for an organisation, as the node's --org-key path builds it. */
function requester(name: string): pp.TokenRequester {
  const key = loadKeyFile(orgKey(name), 'org');
  const file = readTaskFile(join(taskDir, 'client.json'), 'client');
  const policy = pp.parseTokenPolicy(file.issuer, file.task.time_precision);
  return {
    policy,
    orgId: orgIdOf(key.signer.key.publicKey),
    sign: (msg) => Uint8Array.from(Buffer.from(key.signer.sign(msg), 'hex')),
  };
}

beforeAll(async () => {
  await mesh(['keys', 'new', '--role', 'membership', '--out', join(dir, 'authority.key')]);
  const issuerKey = await mesh([
    'keys',
    'new',
    '--role',
    'issuer',
    '--out',
    join(dir, 'issuer.key'),
  ]);
  const file = join(dir, 'membership.json');
  const auth = ['--file', file, '--key', join(dir, 'authority.key')];
  await mesh(['members', 'init', ...auth]);
  for (const [name, tier] of [
    ['acme', 1],
    ['globex', 2],
    ['initech', 3],
    ['hooli', 2],
  ] as const) {
    const o = await mesh(['org', 'new', '--name', name, '--out', orgKey(name)]);
    await mesh([
      'members',
      'add',
      ...auth,
      '--name',
      name,
      '--public-key',
      String(o.public_key),
      '--tier',
      String(tier),
    ]);
  }
  await mesh(['members', 'revoke', ...auth, '--org', 'initech', '--reason', 'key lost']);
  // The issuer reads the lists `mesh publish --members` made TUF targets, from a mirror.
  mm = await memberMesh(join(dir, 'maintainer'), file);
  const cfg = issuerConfig(mm, join(dir, 'issuer.key'), join(dir, 'issuer-config.json'));
  const [ip, lp, hp] = [await freePort(), await freePort(), await freePort()];
  procs.push(
    await startServe([
      '--role',
      'issuer',
      '--port',
      String(ip),
      '--data',
      join(dir, 'i'),
      '--config',
      cfg,
    ]),
  );
  issuerUrl = `http://127.0.0.1:${ip}/issuer/`;
  taskDir = join(dir, 'task');
  const made = await mesh([
    'dap',
    'task',
    'new',
    '--vdaf',
    'Prio3Count',
    '--min-batch-size',
    '1',
    '--time-precision',
    String(TP),
    '--leader',
    `http://127.0.0.1:${lp}/leader/`,
    '--helper',
    `http://127.0.0.1:${hp}/helper/`,
    '--issuer',
    issuerUrl,
    '--token-window',
    String(WINDOW),
    '--out-dir',
    taskDir,
    // A small batch for the test, under the consent floor on purpose.
    '--below-consent-floor',
  ]);
  expect(made.exit).toBe(0);
  const client = JSON.parse(readFileSync(join(taskDir, 'client.json'), 'utf8')) as {
    issuer: { public_key: string };
  };
  expect(client.issuer.public_key).toBe(issuerKey.public);
  const pair = await startPair(
    pairArgs({
      dir,
      ports: { leader: lp, helper: hp },
      tasks: { leader: [join(taskDir, 'leader.json')], helper: [join(taskDir, 'helper.json')] },
      leaderDap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 },
    }),
  );
  procs.push(pair.leader, pair.helper);
}, 300_000);

afterAll(async () => {
  for (const p of procs) await p.stop();
  await Promise.all(mm.services.map((s) => s.stop()));
});

// One window for the whole suite: the issuer keeps a window open only until the hour after it ends,
// so a suite started in an hour's last minutes waits for the next hour before it picks its time.
const left = WINDOW - (Math.floor(Date.now() / 1000) % WINDOW);
if (left < 150) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
const now = Math.floor(Date.now() / 1000);
const submit = (org: string | undefined, ms: number[], time = now) => {
  const f = join(dir, `m-${randomBytes(4).toString('hex')}.jsonl`);
  writeFileSync(f, ms.map(String).join('\n') + '\n');
  return mesh([
    'dap',
    'submit',
    '--task',
    join(taskDir, 'client.json'),
    '--measurements',
    f,
    '--time',
    String(time),
    ...(org ? ['--org-key', orgKey(org)] : []),
  ]);
};

describe('report tokens, end to end', () => {
  it('counts one report per organisation per window and refuses every fabricated one', async () => {
    // One organisation sending many: the issuer gives one token for the window.
    const many = await submit('acme', [1, 1, 1, 1]);
    expect(many).toMatchObject({ accepted: 1, exit: 1 });
    expect((many.refused as { error: string }[]).map((x) => x.error)).toEqual([
      'token_refused',
      'token_refused',
      'token_refused',
    ]);
    expect(await submit('globex', [1])).toMatchObject({ accepted: 1, exit: 0 });
    // A revoked organisation gets no token.
    expect(await submit('initech', [1])).toMatchObject({ accepted: 0, exit: 1 });

    const file = readTaskFile(join(taskDir, 'client.json'), 'client');
    // Tokenless upload: the Leader refuses it with a problem document.
    const bare = new DapClient(file);
    await expect(bare.upload([{ measurement: 1, timeSeconds: now }])).rejects.toThrow(
      /invalidExtension.*token_missing/,
    );
    // A real token moved to another report (a replay): refused, bound to its report ID.
    const hooli = requester('hooli');
    const stolen = new DapClient(file);
    const tok = await pp.fetchReportToken(
      hooli,
      stolen.task.id,
      new Uint8Array(16),
      Math.floor(now / TP),
      TP,
    );
    stolen.reportExtensions = () =>
      Promise.resolve([{ type: pp.REPORT_TOKEN_EXTENSION, data: pp.encodeReportToken(tok) }]);
    await expect(stolen.upload([{ measurement: 1, timeSeconds: now }])).rejects.toThrow(
      /token_wrong_report/,
    );
    // A token for another window: the window's key is not certified for this report's window.
    const other = new DapClient(file);
    other.reportExtensions = async (id) => {
      const t = await pp.fetchReportToken(
        requester('globex'),
        other.task.id,
        id,
        Math.floor((now - WINDOW) / TP),
        TP,
      );
      return [{ type: pp.REPORT_TOKEN_EXTENSION, data: pp.encodeReportToken(t) }];
    };
    await expect(other.upload([{ measurement: 1, timeSeconds: now }])).rejects.toThrow(
      /token_key_uncertified|token_wrong_report/,
    );

    // A Leader injecting reports: the Helper rejects a forged job's reports without fresh tokens.
    const leaderFile = readTaskFile(join(taskDir, 'leader.json'), 'leader');
    const helperCfg = await new DapClient(file).hpkeConfig('helper');
    const t = bare.task;
    const forge = (publicExtensions: m.Extension[]) => {
      const reportId = Uint8Array.from(randomBytes(16));
      const rand = Uint8Array.from(randomBytes(t.vdaf.randSize));
      const { publicShare, inputShares } = t.vdaf.shard(
        t.ctx,
        t.vdaf.parseMeasurement(1),
        reportId,
        rand,
      );
      const metadata = { reportId, time: Math.floor(now / TP), publicExtensions };
      const aad = { taskId: t.id, taskConfiguration: t.config, metadata, publicShare };
      const share = sealInputShare(
        hpkeDefault,
        helperCfg,
        m.Role.helper,
        aad,
        m.encodePlaintextInputShare({ privateExtensions: [], payload: inputShares[1] }),
      );
      const vk = Uint8Array.from(Buffer.from(leaderFile.vdaf_verify_key, 'base64url'));
      const st = t.vdaf.leaderInit(
        vk,
        t.ctx,
        new Uint8Array(0),
        reportId,
        publicShare,
        inputShares[0],
      );
      if (st.kind !== 'continued') throw new Error('leaderInit');
      return {
        reportShare: { metadata, publicShare, encryptedInputShare: share },
        payload: st.outbound,
      };
    };
    issued = tok;
    const spentTok = pp.encodeReportToken(tok);
    const body = m.encodeAggregationJobInitReq({
      verificationKeyId: 0,
      aggParam: new Uint8Array(0),
      extensions: [],
      verifyInits: [forge([]), forge([{ type: pp.REPORT_TOKEN_EXTENSION, data: spentTok }])],
    });
    const res = await fetch(`${file.task.helper}tasks/${t.idB64}/aggregation_jobs`, {
      method: 'POST',
      headers: {
        'content-type': m.MediaType.aggregationJobInitReq,
        authorization: bearer(leaderFile.aggregator_auth_token),
      },
      body,
    });
    expect(res.status).toBeLessThan(300);
    const resp = m.decodeAggregationJobResp(new Uint8Array(await res.arrayBuffer()));
    expect(resp.map((r) => (r.type === 'reject' ? r.error : r.type))).toEqual([
      'invalid_message',
      'invalid_message',
    ]);

    // The aggregate counts acme once and globex once.
    const start = (Math.floor(now / TP) - 1) * TP;
    const c = await mesh([
      'dap',
      'collect',
      '--task',
      join(taskDir, 'collector.json'),
      '--interval',
      `${start},${3 * TP}`,
      '--timeout',
      '90',
    ]);
    expect(c).toMatchObject({ aggregate: 2, report_count: 2 });
  }, 300_000);

  it("keeps no report ID, context or token in the issuer's state", async () => {
    const idata = join(dir, 'i');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else files.push(join(d, e.name));
      }
    };
    walk(idata);
    const blob = Buffer.concat(files.map((f) => readFileSync(f)));
    const client = new DapClient(readTaskFile(join(taskDir, 'client.json'), 'client'));
    // hooli's token for this window was issued in the first test: the ledger refuses a second one.
    await expect(
      pp.fetchReportToken(
        requester('hooli'),
        client.task.id,
        new Uint8Array(16),
        Math.floor(now / TP),
        TP,
      ),
    ).rejects.toMatchObject({ status: 429 });
    const t = issued?.token;
    if (t === undefined) throw new Error('the first test issued no token');
    const ctx = pp.redemptionContext(
      client.task.id,
      new Uint8Array(16),
      WINDOW,
      Math.floor(now / WINDOW),
    );
    for (const needle of [ctx, t.nonce, t.challengeDigest, t.authenticator, pp.encodeToken(t)])
      expect(blob.includes(Buffer.from(needle))).toBe(false);
    // The search can find what is there: the ledger holds the task ID of what it issued.
    expect(blob.includes(Buffer.from(client.task.idB64))).toBe(true);
  });
});
