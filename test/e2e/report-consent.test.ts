// docs/GOVERNANCE.md "Reporting and aggregation": consent is never retroactive. Through real `mesh`
// processes: `mesh report init --enable` stores when reporting was turned on, a window that ended
// before is refused, and receipts from before that instant count in no report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, startMirror } from './publish-subscribe.js';
import {
  meshJson,
  publishPackAndTask,
  SPEC,
  subscribeNode,
  type Published,
} from './reporting-mesh.js';
import { runMesh } from '../support/run-mesh.js';

/** Each test runs many `mesh` processes; generous for a loaded 2-core machine. */
const E2E_TIMEOUT = 240_000;

const HOUR = 3600;
let p: Published;
let home = '';

beforeAll(async () => {
  // No aggregator runs: every refusal here happens before a report would be sent.
  p = await publishPackAndTask('http://127.0.0.1:9/leader/', 'http://127.0.0.1:9/helper/', {
    minBatchSize: 10,
    timePrecision: HOUR,
    batchMode: 'time_interval',
  });
  const node = await subscribeNode(p, await startMirror(p), 'consent');
  expect(node.run.code, JSON.stringify(node.run.json)).toBe(0);
  home = node.home;
  const events = ['git push --force origin main', 'ls -la']
    .map((command) => JSON.stringify({ phase: 'call', tool: 'Bash', args: { command } }))
    .join('\n');
  const decided = await runMesh(['--state', home, 'guard', 'decide', '--pack', SPEC], {
    input: `${events}\n`,
  });
  expect(decided.code, decided.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await Promise.all(p.services.map((s) => s.stop()));
});

describe('reporting is never retroactive', () => {
  it(
    'stores when reporting was enabled; earlier windows and earlier receipts are not reported',
    async () => {
      const current = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
      const setup = ['--state', home, 'report', 'init', '--pack', SPEC, '--window', String(HOUR)];
      expect((await meshJson(setup)).code).toBe(0);
      const preview = await meshJson([
        '--state',
        home,
        'report',
        'build',
        '--window',
        String(current),
      ]);
      expect(preview.code, JSON.stringify(preview.json)).toBe(0);
      expect(preview.json.receipts).toBe(2);

      const before = Math.floor(Date.now() / 1000);
      const enable = await meshJson(['--state', home, 'report', 'enable']);
      expect(enable.code, JSON.stringify(enable.json)).toBe(0);
      const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as {
        reporting: { enabledAt: number };
      };
      expect(config.reporting.enabledAt).toBeGreaterThanOrEqual(before);

      const earlier = await meshJson([
        '--state',
        home,
        'report',
        'submit',
        '--window',
        String(current - HOUR),
      ]);
      expect(earlier.code).toBe(1);
      expect((earlier.json.error as { code: string }).code).toBe('report_retroactive');
      const now = await meshJson(['--state', home, 'report', 'build', '--window', String(current)]);
      expect(now.json.receipts, JSON.stringify(now.json)).toBe(0);
      // Every per-rule signal is zero; only the organisation's tier slot (after them) is set.
      const signals = (now.json.vector as number[]).slice(0, 4 * CATALOG.length);
      expect(signals.every((v) => v === 0)).toBe(true);
    },
    E2E_TIMEOUT,
  );
});
