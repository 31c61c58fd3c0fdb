// Crash safety of the spent-token sets (docs/dap.md "Report tokens"): SIGKILL the Leader or the Helper
// at a random instant while a tokened report uploads and aggregates, restart, resend the same bytes.
// Every honest report is aggregated once; a resent or moved token never counts twice.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  collect,
  DapClient,
  messages as m,
  newTaskFiles,
  privacyPass as pp,
} from '../../dap/index.js';
import { addMember, newMembership, orgIdOf, type AuthoritySigner } from '../../governance/index.js';
import { freePort } from '../../node/demo/ports.js';
import { createKeyFile, ed25519Signer, newEd25519Secret } from '../../tuf/index.js';
import { writeFileSync } from 'node:fs';
import { pairArgs, startPair } from '../dap/aggregator-pair.js';
import { taskParams, tempDir, writeTaskFiles } from '../dap/support.js';
import { CRASH_ROUNDS } from '../support/env.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { issuerConfig, memberMesh, type MemberMesh } from './issuer-mesh.js';

const TP = 60;
const dir = tempDir('tokens-crash');
const running: ServeProcess[] = [];
let mm: MemberMesh | undefined;
afterAll(async () => {
  for (const p of running) await p.kill();
  await Promise.all((mm?.services ?? []).map((s) => s.stop()));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function restart(args: string[]): Promise<ServeProcess> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await startServe(args);
    } catch (e) {
      if (Date.now() > deadline || !String(e).includes('matcher')) throw e;
    }
  }
}

describe('spent-token sets under SIGKILL', () => {
  it(
    `never counts a token twice and never loses an honest report over ${CRASH_ROUNDS} rounds`,
    async () => {
      const a = ed25519Signer(newEd25519Secret());
      const authority: AuthoritySigner = { publicKey: a.key.publicKey, sign: (x) => a.sign(x) };
      const orgs = Array.from({ length: CRASH_ROUNDS }, () => ed25519Signer(newEd25519Secret()));
      let ms = newMembership(authority);
      orgs.forEach((o, i) => {
        ms = addMember(
          ms,
          { name: `org${i}`, publicKey: o.key.publicKey, tier: 2 },
          authority,
          new Date(),
        );
      });
      // The authority's working file, published as TUF targets and read by the issuer from a mirror.
      writeFileSync(join(dir, 'membership.json'), JSON.stringify(ms));
      mm = await memberMesh(join(dir, 'maintainer'), join(dir, 'membership.json'));
      const issuerKey = createKeyFile(join(dir, 'issuer.key'), 'issuer');
      issuerConfig(mm, join(dir, 'issuer.key'), join(dir, 'issuer.json'));
      const [ip, lp, hp] = [await freePort(), await freePort(), await freePort()];
      running.push(
        await startServe([
          '--role',
          'issuer',
          '--port',
          String(ip),
          '--data',
          join(dir, 'i'),
          '--config',
          join(dir, 'issuer.json'),
        ]),
      );
      const policy = {
        url: `http://127.0.0.1:${ip}/issuer/`,
        public_key: issuerKey.signer.key.publicKey,
        window_seconds: 3600,
      };
      const files = newTaskFiles(
        taskParams(`http://127.0.0.1:${lp}`, `http://127.0.0.1:${hp}`, {
          min_batch_size: 1,
          vdaf: { type: 'Prio3Count' },
        }),
        { issuer: policy },
      );
      const paths = writeTaskFiles(dir, files);
      const args = pairArgs({
        dir,
        ports: { leader: lp, helper: hp },
        tasks: { leader: [paths.leader], helper: [paths.helper] },
        leaderDap: { minJobSize: 1, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 2000 },
      });
      const procs = await startPair(args);
      running.push(procs.leader, procs.helper);
      const t = Math.floor(Date.now() / 1000);
      const sent: Uint8Array[] = [];

      for (const [round, org] of orgs.entries()) {
        const client = new DapClient(files.client);
        const req: pp.TokenRequester = {
          policy: pp.parseTokenPolicy(policy, TP),
          orgId: orgIdOf(org.key.publicKey),
          sign: (x) => Uint8Array.from(Buffer.from(org.sign(x), 'hex')),
        };
        client.reportExtensions = async (id, time) => [
          {
            type: pp.REPORT_TOKEN_EXTENSION,
            data: pp.encodeReportToken(
              await pp.fetchReportToken(req, client.task.id, id, time, TP),
            ),
          },
        ];
        const bytes = m.encodeReport(await client.prepare({ measurement: 1, timeSeconds: t }));
        sent.push(bytes);
        const first = client.uploadEncoded([bytes]).catch(() => undefined);
        await sleep(Math.random() * 60);
        const victim = round % 2 === 0 ? 'leader' : 'helper';
        await procs[victim].kill();
        await first;
        procs[victim] = await restart(args[victim]);
        running.push(procs[victim]);
        // The honest client resends the same bytes until the Leader answers (report_replayed is fine).
        const deadline = Date.now() + 60_000;
        for (;;) {
          try {
            await client.uploadEncoded([bytes]);
            break;
          } catch (e) {
            if (Date.now() > deadline) throw e;
            await sleep(100);
          }
        }
      }
      // Every report resent once more after the crashes: none counts twice.
      const again = new DapClient(files.client);
      await again.uploadEncoded(sent);
      const c = await collect(
        files.collector,
        { interval: { start: Math.floor(t / TP) - 1, duration: 3 } },
        { timeoutMs: 90_000 },
      );
      expect(c.reportCount).toBe(CRASH_ROUNDS);
      expect(c.aggregate).toBe(CRASH_ROUNDS);
    },
    120_000 + CRASH_ROUNDS * 20_000,
  );
});
