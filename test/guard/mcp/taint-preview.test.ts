// docs/guard.md "Escalation and reviews" (previews), through the real `mesh guard mcp` with an SDK
// client and server: after the agent reads `.env`, a call carrying DB_PASSWORD's value (no secret
// pattern matches it) is held for review; the review's preview and the receipt mask the argument
// whole, and neither `mesh reviews list` nor `mesh receipts list` ever prints the value.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../../guard/index.js';
import { runMesh } from '../../support/run-mesh.js';
import { fsServer, proxied, text } from './proxy-client.js';

const DB_PASSWORD = 'Zq81xkP0v7LmN3sR9tW2yB6cQe4';
const PACK = {
  pack_format: 1,
  name: 'taint-preview-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'a copy of .env data into a listing needs a human',
  catalog: ['t.env-copy'],
  policy: {
    format: 1,
    rules: [
      {
        id: 't.env-copy',
        verdict: 'escalate',
        phase: 'call',
        tools: ['mcp__*__list_dir'],
        when: { flow: { source: { kind: 'result', label: ['.env', '**/.env'] } } },
        reason: 'data read from .env is copied into this call',
      },
    ],
  },
};

let home: string;
let root: string;
let pack: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-taint-'));
  root = join(home, 'files');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, '.env'), `DB_PASSWORD=${DB_PASSWORD}\nMODE=dev\n`);
  writeFileSync(join(root, 'README.md'), 'ordinary\n');
  pack = join(home, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('mesh guard mcp: previews mask taint', () => {
  it('a held call carrying a value read from .env shows it masked whole, in reviews and receipts', async () => {
    const flags = [
      '--pack',
      pack,
      '--no-flow-rules',
      '--session',
      'taint',
      '--review-timeout',
      '60',
    ];
    const fs = await proxied(home, flags, fsServer(root));
    const q = ReviewQueue.open(join(home, 'guard'));
    const seen: (string | null)[] = [];
    try {
      const read = await fs.client.callTool({ name: 'read_file', arguments: { path: '.env' } });
      expect(text(read)).toContain('MODE=dev');
      // The reviewer looks at what is waiting and rejects it.
      const reviewer = setInterval(() => {
        for (const r of q.list('pending')) {
          seen.push(r.preview);
          q.decide(r.id, 'rejected', 'tester');
        }
      }, 100);
      const held = await fs.client.callTool({
        name: 'list_dir',
        arguments: { path: `backup-${DB_PASSWORD}` },
      });
      clearInterval(reviewer);
      expect(held.isError).toBe(true);
      expect(text(held)).toMatch(/rejected in review/);
      expect(seen).toEqual(['{"path":"[taint]"}']);
      // The same call with a plain argument: the rule does not hold it.
      const plain = await fs.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      expect(text(plain)).toMatch(/README\.md/);
    } finally {
      q.close();
      await fs.close();
    }
    const listed = await runMesh(['reviews', 'list', '--json'], { env: { MESH_HOME: home } });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('[taint]');
    const receipts = await runMesh(['receipts', 'list', '--json'], { env: { MESH_HOME: home } });
    expect(receipts.code, receipts.stderr).toBe(0);
    const bodies = (
      JSON.parse(receipts.stdout) as {
        receipts: { body: { rule: string | null; preview: string | null } }[];
      }
    ).receipts.map((r) => r.body);
    expect(bodies.filter((b) => b.rule === 't.env-copy').map((b) => b.preview)).toEqual([
      '[taint]',
    ]);
    for (const out of [listed.stdout, receipts.stdout]) expect(out).not.toContain(DB_PASSWORD);
  }, 180_000);
});
