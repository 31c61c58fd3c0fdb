// Crash safety of the spent-token sets (docs/dap.md "Report tokens"): SIGKILL the Leader or the Helper
// at a random instant while a tokened report uploads and aggregates, restart, resend the same bytes.
// Every honest report is aggregated once; a resent or moved token never counts twice.
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient, messages as m } from '../../dap/index.js';
import { pairArgs, startPair } from '../dap/aggregator-pair.js';
import { tempDir } from '../dap/support.js';
import { CRASH_ROUNDS } from '../support/env.js';
import type { ServeProcess } from '../support/serve-process.js';
import { uploadAcrossCrash, tokenedClient, tokenedTask, type MemberMesh } from './issuer-mesh.js';

const TP = 60;
const dir = tempDir('tokens-crash');
const running: ServeProcess[] = [];
let mm: MemberMesh | undefined;
afterAll(async () => {
  for (const p of running) await p.kill();
  await Promise.all((mm?.services ?? []).map((s) => s.stop()));
});

describe('spent-token sets under SIGKILL', () => {
  it(
    `never counts a token twice and never loses an honest report over ${CRASH_ROUNDS} rounds`,
    async () => {
      const t0 = await tokenedTask(dir, { orgs: CRASH_ROUNDS, windowSeconds: 3600, task: {} });
      ({ mm } = t0);
      running.push(t0.issuer);
      const { orgs, files, paths } = t0;
      const args = pairArgs({
        dir,
        ports: t0.ports,
        tasks: { leader: [paths.leader], helper: [paths.helper] },
        leaderDap: { minJobSize: 1, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 2000 },
      });
      const procs = await startPair(args);
      running.push(procs.leader, procs.helper);
      const t = Math.floor(Date.now() / 1000);
      const sent: Uint8Array[] = [];

      for (const [round, org] of orgs.entries()) {
        const client = tokenedClient(t0, org, TP);
        const bytes = m.encodeReport(await client.prepare({ measurement: 1, timeSeconds: t }));
        sent.push(bytes);
        const victim = round % 2 === 0 ? 'leader' : 'helper';
        await uploadAcrossCrash(client, bytes, { procs, args, running }, victim, 60);
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
