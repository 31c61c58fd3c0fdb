// DAP-18 end to end with Leader and Helper as separate `mesh serve` processes and the CLI as client
// and collector, for Count, Sum, SumVec and Histogram in both batch modes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { freePort } from '../support/ports.js';
import type { ServeProcess } from '../support/serve-process.js';
import { pairArgs, startPair } from './aggregator-pair.js';
import { pairStores } from './backend.js';
import { tempDir } from './support.js';

const TP = 60;
const CASES = [
  { vdaf: ['--vdaf', 'Prio3Count'], ms: [1, 0, 1, 1], want: 3 },
  { vdaf: ['--vdaf', 'Prio3Sum', '--max-measurement', '100'], ms: [7, 100, 0, 13], want: 120 },
  {
    vdaf: ['--vdaf', 'Prio3SumVec', '--length', '3', '--max-measurement', '2'],
    ms: [
      [1, 2, 0],
      [2, 2, 2],
      [0, 0, 1],
      [1, 0, 0],
    ],
    want: [4, 4, 3],
  },
  { vdaf: ['--vdaf', 'Prio3Histogram', '--length', '4'], ms: [0, 3, 3, 1], want: [1, 1, 0, 2] },
];
const MODES = ['time_interval', 'leader_selected'] as const;

interface Case {
  name: string;
  dir: string;
  mode: (typeof MODES)[number];
  ms: unknown[];
  want: unknown;
}

const dir = tempDir('e2e');
const cases: Case[] = [];
let leader: ServeProcess | undefined;
let helper: ServeProcess | undefined;

beforeAll(async () => {
  const [lp, hp] = [await freePort(), await freePort()];
  const made = MODES.flatMap((mode) =>
    CASES.map(async (c) => {
      const name = `${c.vdaf[1] ?? ''}-${mode}`;
      const out = join(dir, name);
      const r = await runMesh([
        'dap',
        'task',
        'new',
        ...c.vdaf,
        '--batch-mode',
        mode,
        '--min-batch-size',
        String(c.ms.length),
        '--below-consent-floor',
        '--time-precision',
        String(TP),
        '--leader',
        `http://127.0.0.1:${lp}/leader/`,
        '--helper',
        `http://127.0.0.1:${hp}/helper/`,
        '--out-dir',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      cases.push({ name, dir: out, mode, ms: c.ms, want: c.want });
    }),
  );
  await Promise.all(made);
  const tasks = (role: string) => cases.map((c) => join(c.dir, `${role}.json`));
  ({ leader, helper } = await startPair(
    pairArgs({
      dir,
      ports: { leader: lp, helper: hp },
      tasks: { leader: tasks('leader'), helper: tasks('helper') },
      leaderDap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 },
      stores: await pairStores(),
    }),
  ));
}, 300_000);

afterAll(async () => {
  await leader?.stop();
  await helper?.stop();
});

describe('mesh serve + mesh dap, separate processes', () => {
  it('collects the exact aggregate for every VDAF in both batch modes', async () => {
    const now = Math.floor(Date.now() / 1000);
    await Promise.all(
      cases.map(async (c) => {
        const file = join(c.dir, 'm.jsonl');
        writeFileSync(file, c.ms.map((m) => JSON.stringify(m)).join('\n') + '\n');
        const s = await runMesh(
          [
            'dap',
            'submit',
            '--task',
            join(c.dir, 'client.json'),
            '--measurements',
            file,
            '--time',
            String(now),
            '--json',
          ],
          // Eight submits start at once; on a loaded 2-core machine they need more than the default.
          { timeoutMs: 120_000 },
        );
        expect(s.code, `${c.name}: ${s.stderr}`).toBe(0);
        expect(JSON.parse(s.stdout)).toMatchObject({ accepted: c.ms.length, rejected: [] });
      }),
    );
    for (const c of cases) {
      const start = (Math.floor(now / TP) - 1) * TP;
      const q = c.mode === 'time_interval' ? ['--interval', `${start},${3 * TP}`] : ['--next'];
      const r = await runMesh(
        ['dap', 'collect', '--task', join(c.dir, 'collector.json'), ...q, '--json'],
        { timeoutMs: 60_000 },
      );
      expect(r.code, `${c.name}: ${r.stderr}`).toBe(0);
      const out = JSON.parse(r.stdout) as { aggregate: unknown; report_count: number };
      expect(out.aggregate, c.name).toEqual(c.want);
      expect(out.report_count, c.name).toBe(c.ms.length);
      // One collection per batch: asking again is refused (time_interval) or finds no batch yet.
      if (c.mode === 'time_interval') {
        const again = await runMesh([
          'dap',
          'collect',
          '--task',
          join(c.dir, 'collector.json'),
          ...q,
          '--json',
        ]);
        expect(again.code).toBe(1);
        expect(again.stdout).toContain('batchOverlap');
      }
    }
  }, 300_000);

  it("counts what it did on each aggregator's /metrics", async () => {
    const scrape = async (url: string | undefined): Promise<string> => {
      const res = await fetch(new URL('/metrics', url));
      expect(res.status).toBe(200);
      return res.text();
    };
    const value = (text: string, series: string): number => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return Number(line?.split(' ')[1] ?? 0);
    };
    const total = cases.reduce((n, c) => n + c.ms.length, 0);
    const l = await scrape(leader?.url);
    expect(value(l, 'mesh_dap_uploads_total{outcome="accepted",reason="none"}')).toBe(total);
    expect(value(l, 'mesh_dap_collections_total{role="leader",outcome="done"}')).toBe(cases.length);
    expect(value(l, 'mesh_dap_aggregation_jobs_total{outcome="committed"}')).toBeGreaterThan(0);
    const h = await scrape(helper?.url);
    expect(value(h, 'mesh_dap_helper_reports_total{outcome="aggregated"}')).toBe(total);
    expect(value(h, 'mesh_dap_helper_aggregation_jobs_total{outcome="created"}')).toBeGreaterThan(
      0,
    );
    expect(value(h, 'mesh_dap_helper_aggregate_shares_total{outcome="created"}')).toBe(
      cases.length,
    );
  });

  it('refuses an unaligned interval with a usage error before any request', async () => {
    const c = cases.find((x) => x.mode === 'time_interval');
    const r = await runMesh([
      'dap',
      'collect',
      '--task',
      join(c?.dir ?? '', 'collector.json'),
      '--interval',
      '61,60',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not aligned/);
  });

  it('client.json carries no secret while the other files do', async () => {
    const { readFileSync } = await import('node:fs');
    const c = cases[0];
    const text = (role: string) => readFileSync(join(c?.dir ?? '', `${role}.json`), 'utf8');
    const client = JSON.parse(text('client')) as Record<string, unknown>;
    const collector = JSON.parse(text('collector')) as Record<string, string>;
    const leaderFile = JSON.parse(text('leader')) as Record<string, string>;
    for (const secret of [
      collector.collector_hpke_private_key,
      collector.collector_auth_token,
      leaderFile.vdaf_verify_key,
      leaderFile.aggregator_auth_token,
    ]) {
      expect(secret).toBeTruthy();
      for (const role of ['client', 'helper'] as const) {
        if (role === 'helper' && secret === leaderFile.vdaf_verify_key) continue;
        expect(text(role)).not.toContain(String(secret));
      }
    }
    expect(Object.keys(client).sort()).toEqual(['kind', 'role', 'schema', 'task', 'task_id']);
  });
});
