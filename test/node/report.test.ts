import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportLedger } from '../../node/report/ledger.js';
import { encodeReport, layoutOf } from '../../node/consensus/index.js';
import { CRASH_ROUNDS, ROOT } from '../support/env.js';

const layout = layoutOf(['a', 'b', 'c'], 14);
const none = new Set<string>();

describe('report vector', () => {
  it('four signals per rule, then the tier one-hot; one flag per rule however often it fired', () => {
    const v = encodeReport(layout, {
      hits: new Set(['a', 'c']),
      falsePositiveMarks: new Set(['c']),
      approvals: new Set(['a']),
      rejections: new Set(['b']),
      tier: 1,
    });
    expect(v).toEqual([1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1]);
  });

  it('leaves out unknown and locally edited rules, and refuses a tier the task has no slot for', () => {
    const v = encodeReport(layout, {
      hits: new Set(['zz', 'c.local']),
      falsePositiveMarks: none,
      approvals: none,
      rejections: none,
      tier: 0,
    });
    expect(v).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(() =>
      encodeReport(layout, {
        hits: none,
        falsePositiveMarks: none,
        approvals: none,
        rejections: none,
        tier: 2,
      }),
    ).toThrow(expect.objectContaining({ code: 'vector_invalid' }) as Error);
  });
});

// A child that submits one window's report; "upload" appends to a file and then pauses, so the
// parent can kill it before, during or after the ledger's commit points.
const SUBMITTER = `
import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
const { ReportLedger } = await import(${JSON.stringify(join(ROOT, 'dist/node/report/ledger.js'))});
const [dir, uploads] = process.argv.slice(1);
const ledger = new ReportLedger(dir);
const out = await ledger.submit('w1', () => ({ reportId: randomUUID(), report: 'AAAA' }), async (r) => {
  await new Promise((res) => setTimeout(res, Math.random() * 20));
  appendFileSync(uploads, r.reportId + '\\n');
  await new Promise((res) => setTimeout(res, Math.random() * 20));
});
process.stdout.write(JSON.stringify(out) + '\\n');
`;

function runSubmitter(dir: string, uploads: string, killAfterMs: number | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SUBMITTER, dir, uploads], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    if (killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', () => {
      resolve(out);
    });
  });
}

describe('report ledger', () => {
  it(`never submits two different reports for one window across kills (${CRASH_ROUNDS} rounds)`, async () => {
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'mesh-ledger-'));
      const uploads = join(dir, 'uploads.log');
      for (let k = 0; k < 3; k++)
        await runSubmitter(dir, uploads, 40 + Math.floor(Math.random() * 60));
      const final = JSON.parse(await runSubmitter(dir, uploads, null)) as {
        outcome: string;
        reportId: string;
      };
      const sent = readFileSync(uploads, 'utf8').trim().split('\n');
      expect(new Set(sent)).toEqual(new Set([final.reportId]));
      expect(new ReportLedger(dir).state('w1').state).toBe('submitted');
    }
  });

  it('a second submit of a submitted window does nothing', async () => {
    const ledger = new ReportLedger(mkdtempSync(join(tmpdir(), 'mesh-ledger-')));
    let uploads = 0;
    const up = (): Promise<void> => {
      uploads++;
      return Promise.resolve();
    };
    const first = await ledger.submit('w', () => ({ reportId: 'r1', report: 'x' }), up);
    const second = await ledger.submit('w', () => ({ reportId: 'r2', report: 'y' }), up);
    expect([first.outcome, second.outcome, second.reportId, uploads]).toEqual([
      'submitted',
      'already-submitted',
      'r1',
      1,
    ]);
  });
});
