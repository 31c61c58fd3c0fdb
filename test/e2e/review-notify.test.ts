// docs/operator.md "Where pending reviews are announced": a call held for review by a real
// `mesh guard mcp` (an SDK client and server) runs the configured `reviews.notify` command with the
// masked summary on stdin and in MESH_REVIEW_* variables (the preview the queue masked, no raw call);
// a command that hangs is killed after its timeout and one that cannot start changes nothing: the
// review is still pending and decided as usual.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { fsServer, proxied, text } from '../guard/mcp/proxy-client.js';

const PACK = {
  pack_format: 1,
  name: 'notify-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'listing needs a human',
  catalog: ['n.list-dir'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'n.list-dir',
        verdict: 'escalate',
        phase: 'call',
        tools: ['mcp__*__list_dir'],
        when: { field: 'tool', glob: 'mcp__*__list_dir' },
        reason: 'listing needs a human',
      },
    ],
  },
};

/** Writes its stdin and MESH_REVIEW_* to OUT, its pid to OUT.pid; with "hang", then never exits. */
const NOTIFIER = `
const fs = require('node:fs');
const [out, mode] = process.argv.slice(2);
fs.writeFileSync(out + '.pid', String(process.pid));
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MESH_REVIEW_')));
  fs.writeFileSync(out, JSON.stringify({ input, env }));
  if (mode === 'hang') setInterval(() => {}, 1000);
});
`;

let work: string;
let files: string;
let pack: string;
let notifier: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mesh-notify-'));
  files = join(work, 'files');
  mkdirSync(files);
  writeFileSync(join(files, 'a.txt'), 'a');
  pack = join(work, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
  notifier = join(work, 'notifier.cjs');
  writeFileSync(notifier, NOTIFIER);
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function home(name: string, notify: object): string {
  const h = join(work, name);
  mkdirSync(h, { recursive: true, mode: 0o700 });
  writeFileSync(join(h, 'config.json'), JSON.stringify({ schema: 1, reviews: { notify } }), {
    mode: 0o600,
  });
  return h;
}

async function until<T>(f: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The id of the first pending review in state H, once there is one. */
async function pendingId(h: string): Promise<string> {
  const end = Date.now() + 60_000;
  for (;;) {
    const list = await runMesh(['--state', h, 'reviews', 'list', '--status', 'pending', '--json']);
    const id = (JSON.parse(list.stdout) as { reviews: { id: string }[] }).reviews[0]?.id;
    if (id !== undefined) return id;
    if (Date.now() > end) throw new Error('no pending review');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The proxy's flags: the test pack, no receipts, a long review window. */
const flags = (): string[] => ['--pack', pack, '--no-receipts', '--review-timeout', '120'];

describe('reviews.notify', () => {
  it('runs the command with the masked summary; the review is decided as usual', async () => {
    const out = join(work, 'notified.json');
    const h = home('ok', { command: [process.execPath, notifier, out], timeoutSeconds: 10 });
    const p = await proxied(h, flags(), fsServer(files));
    try {
      const call = p.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      const got = await until(() =>
        existsSync(out)
          ? (JSON.parse(readFileSync(out, 'utf8')) as {
              input: string;
              env: Record<string, string>;
            })
          : undefined,
      );
      const summary = JSON.parse(got.input) as Record<string, string>;
      expect(summary).toMatchObject({ rule: 'n.list-dir', front_door: 'mcp' });
      expect(summary.tool).toMatch(/list_dir$/);
      expect(summary.approve).toBe(`mesh reviews approve ${summary.id} --by NAME`);
      expect(got.env.MESH_REVIEW_ID).toBe(summary.id);
      expect(got.env.MESH_REVIEW_RULE).toBe('n.list-dir');
      // Only the review's summary fields: the preview is the masked one `mesh reviews show` prints.
      expect(Object.keys(summary).sort()).toEqual([
        'approve',
        'attributed_to',
        'created',
        'expires',
        'front_door',
        'id',
        'preview',
        'quorum',
        'reason',
        'reject',
        'rule',
        'tool',
      ]);
      const shown = await runMesh(['--state', h, 'reviews', 'show', summary.id ?? '', '--json']);
      expect(summary.preview).toBe(
        (JSON.parse(shown.stdout) as { review: { preview: string } }).review.preview,
      );
      const r = await runMesh([
        '--state',
        h,
        'reviews',
        'reject',
        summary.id ?? '',
        '--by',
        'tester',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const result = await call;
      expect(result.isError).toBe(true);
    } finally {
      await p.close();
    }
  }, 120_000);

  it('a hanging command is killed after its timeout; a missing one changes nothing', async () => {
    const out = join(work, 'hung.json');
    const h = home('hang', {
      command: [process.execPath, notifier, out, 'hang'],
      timeoutSeconds: 1,
    });
    const p = await proxied(h, flags(), fsServer(files));
    try {
      const call = p.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      const pid = await until(() =>
        existsSync(`${out}.pid`) ? Number(readFileSync(`${out}.pid`, 'utf8')) : undefined,
      );
      await until(() => (alive(pid) ? undefined : true), 30_000);
      const id = await pendingId(h);
      expect((await runMesh(['--state', h, 'reviews', 'reject', id, '--by', 'tester'])).code).toBe(
        0,
      );
      expect((await call).isError).toBe(true);
    } finally {
      await p.close();
    }

    const m = home('missing', { command: [join(work, 'no-such-program')], timeoutSeconds: 1 });
    const q = await proxied(m, flags(), fsServer(files));
    try {
      const call = q.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      const pending = await pendingId(m);
      expect(
        (await runMesh(['--state', m, 'reviews', 'approve', pending, '--by', 'tester'])).code,
      ).toBe(0);
      expect(text(await call)).toMatch(/a\.txt/);
    } finally {
      await q.close();
    }
  }, 120_000);
});
