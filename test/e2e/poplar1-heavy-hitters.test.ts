// Poplar1 heavy hitters over DAP-18 with Leader and Helper as separate `mesh serve` processes, the
// CLI as client and collector: the walk finds exactly the strings at least the threshold of reports
// hold; a repeated or invalid aggregation parameter is refused with invalidAggregationParameter.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, readTaskFile, type CollectorTaskFile } from '../../dap/index.js';
import { poplar1TaskArgs } from '../../node/campaigns/campaign-args.js';
import { Poplar1 } from '../../vdaf/index.js';
import { runMesh } from '../support/run-mesh.js';
import { freePort } from '../support/ports.js';
import type { ServeProcess } from '../support/serve-process.js';
import { pairArgs, startPair } from '../dap/aggregator-pair.js';
import { tempDir } from '../dap/support.js';

const TP = 60;
const BITS = 8;
const THRESHOLD = 3;
// Four strings held by 5, 3, 2 and 1 reports, and a singleton that shares a long prefix with a
// heavy hitter: only the first two are heavy.
const HELD: [string, number][] = [
  ['10110010', 5],
  ['01100111', 3],
  ['10110011', 2],
  ['00000001', 1],
  ['11111111', 1],
];
const MEASUREMENTS = HELD.flatMap(([s, n]) => Array<string>(n).fill(s));

const dir = tempDir('poplar1');
const taskDir = (name: string) => join(dir, name);
let leader: ServeProcess | undefined;
let helper: ServeProcess | undefined;
let now = 0;

async function newTask(name: string, lp: number, hp: number): Promise<void> {
  const r = await runMesh(
    poplar1TaskArgs({
      bits: BITS,
      minBatchSize: MEASUREMENTS.length,
      timePrecision: TP,
      leaderPort: lp,
      helperPort: hp,
      outDir: taskDir(name),
    }),
  );
  expect(r.code, r.stderr).toBe(0);
}

async function submit(name: string): Promise<void> {
  const file = join(taskDir(name), 'm.jsonl');
  writeFileSync(file, MEASUREMENTS.map((m) => JSON.stringify(m)).join('\n') + '\n');
  const s = await runMesh(
    ['dap', 'submit', '--task', join(taskDir(name), 'client.json'), '--measurements', file],
    { timeoutMs: 120_000 },
  );
  expect(s.code, s.stderr).toBe(0);
}

const intervalArg = () => {
  const start = (Math.floor(now / TP) - 1) * TP;
  return `${start},${3 * TP}`;
};
const interval = () => ({ start: Math.floor(now / TP) - 1, duration: 3 });

beforeAll(async () => {
  const [lp, hp] = [await freePort(), await freePort()];
  await newTask('walk', lp, hp);
  await newTask('params', lp, hp);
  const tasks = (role: string) => ['walk', 'params'].map((n) => join(taskDir(n), `${role}.json`));
  ({ leader, helper } = await startPair(
    pairArgs({
      dir,
      ports: { leader: lp, helper: hp },
      tasks: { leader: tasks('leader'), helper: tasks('helper') },
      leaderDap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 },
    }),
  ));
  now = Math.floor(Date.now() / 1000);
  await Promise.all([submit('walk'), submit('params')]);
}, 300_000);

afterAll(async () => {
  await leader?.stop();
  await helper?.stop();
});

const collector = (name: string): CollectorTaskFile =>
  readTaskFile(join(taskDir(name), 'collector.json'), 'collector');

describe('Poplar1 over DAP, separate processes', () => {
  it('mesh dap heavy-hitters finds exactly the strings held by the threshold', async () => {
    const r = await runMesh(
      [
        'dap',
        'heavy-hitters',
        '--task',
        join(taskDir('walk'), 'collector.json'),
        '--interval',
        intervalArg(),
        '--threshold',
        String(THRESHOLD),
        '--json',
      ],
      { timeoutMs: 240_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      heavy_hitters: { bits: string; count: number }[];
      report_count: number;
      levels: { level: number; candidates: number; survivors: number }[];
    };
    const want = HELD.filter(([, n]) => n >= THRESHOLD).map(([bits, count]) => ({ bits, count }));
    expect(out.heavy_hitters).toEqual(want.sort((a, b) => a.bits.localeCompare(b.bits)));
    expect(out.report_count).toBe(MEASUREMENTS.length);
    expect(out.levels).toHaveLength(BITS);
    // Nothing below the threshold is printed, and no string held by fewer is among the output.
    for (const [s, n] of HELD) if (n < THRESHOLD) expect(r.stdout).not.toContain(s);
    // Walking the same batch again repeats level 0: refused.
    const again = await runMesh([
      'dap',
      'heavy-hitters',
      '--task',
      join(taskDir('walk'), 'collector.json'),
      '--interval',
      intervalArg(),
      '--threshold',
      String(THRESHOLD),
      '--json',
    ]);
    expect(again.code).toBe(1);
    expect(again.stdout + again.stderr).toContain('invalidAggregationParameter');
  }, 300_000);

  it('refuses a repeated, a shallower and a non-extending aggregation parameter', async () => {
    const vdaf = new Poplar1({ bits: BITS });
    const file = collector('params');
    const ap = (level: number, prefixes: bigint[]) => vdaf.encodeAggParam({ level, prefixes });
    const first = await collect(
      file,
      { interval: interval() },
      { aggParam: ap(1, [0b01n, 0b10n]) },
    );
    expect(first.aggregate).toEqual([3, 7]);
    const refusedWith = async (aggParam: Uint8Array) => {
      const e = await collect(file, { interval: interval() }, { aggParam }).catch(
        (x: unknown) => x,
      );
      expect(e).toMatchObject({ problemType: 'invalidAggregationParameter' });
    };
    await refusedWith(ap(1, [0b01n, 0b10n])); // the same parameter again
    await refusedWith(ap(0, [0n, 1n])); // a shallower level
    await refusedWith(ap(3, [0b0000n])); // a prefix extending none of the last level's
    const deeper = await collect(file, { interval: interval() }, { aggParam: ap(3, [0b1011n]) });
    expect(deeper.aggregate).toEqual([7]);
  }, 300_000);

  it('no aggregator store holds a measurement in the clear', () => {
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((f) => {
        const p = join(d, f);
        const st = statSync(p);
        return st.isDirectory() ? files(p) : st.isFile() ? [p] : [];
      });
    for (const role of ['l', 'h'])
      for (const f of files(join(dir, role))) {
        const text = readFileSync(f).toString('latin1');
        for (const [s] of HELD) expect(text, f).not.toContain(s);
      }
  });
});
