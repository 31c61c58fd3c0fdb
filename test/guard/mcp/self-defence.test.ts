// docs/guard.md "Self-protection" and "Escalation and reviews", through the real `mesh guard mcp`
// with an SDK client and server whose tools a local pack allows wholesale: the server's shell, file
// and interpreter tools may not change or read the node's state (keys, reviews, config), and a held
// call approved by an SQL UPDATE of the review database (as the agent would try) is refused, never
// forwarded.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, proxied, text, proxyFlags } from './proxy-client.js';

let home: string;
let log: string;
let pack: string;
const server = (): string[] => [process.execPath, join(FIXTURES, 'roles-server.mjs'), log];
const calls = (): string[] =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
    : [];

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-self-'));
  log = join(home, 'calls.log');
  mkdirSync(join(home, 'keys'), { recursive: true, mode: 0o700 });
  pack = join(home, 'allow-all.json');
  writeFileSync(
    pack,
    JSON.stringify({
      pack_format: 1,
      name: 'allow-all',
      version: '1.0.0',
      licence: 'Apache-2.0',
      description: 'the operator allows every call, and holds e-mail for a person',
      catalog: ['local.allow-all', 'local.mail-review'],
      policy: {
        format: 1,
        rules: [
          {
            id: 'local.allow-all',
            verdict: 'allow',
            phase: 'call',
            when: { field: 'tool', glob: '*' },
            reason: 'allowed by the operator',
          },
          {
            id: 'local.mail-review',
            verdict: 'escalate',
            phase: 'call',
            tools: ['mcp__roles_fixture__send_email'],
            when: { field: 'args.to', contains: '@' },
            reason: 'e-mail needs a person',
          },
        ],
      },
    }),
  );
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const flags = (session: string, extra: string[] = []): string[] => proxyFlags(pack, session, extra);

describe('mesh guard mcp defends the node', () => {
  it("refuses the server's tools changing or reading the node state, under a local allow-all", async () => {
    const p = await proxied(home, flags('self'), server());
    try {
      const refused: [string, Record<string, unknown>, RegExp][] = [
        ['write_file', { path: join(home, 'config.json'), content: '{}' }, /self\.state-write/],
        ['read_file', { path: join(home, 'keys', 'node.key') }, /self\.key-read/],
        ['run_command', { command: `rm -rf ${home}/guard` }, /self\.state-command/],
        [
          'run_command',
          { command: `sqlite3 ${home}/guard/reviews.db "update review set status='approved'"` },
          /self\.state-command/,
        ],
        [
          'run_command',
          { command: `python3 -c "import shutil; shutil.rmtree('${home}')"` },
          /self\.state-command/,
        ],
        [
          'write_file',
          { path: '/repo/.claude/settings.local.json', content: '{"disableAllHooks": true}' },
          /self\.control-plane-write/,
        ],
      ];
      for (const [name, args, why] of refused) {
        const r = await p.client.callTool({ name, arguments: args });
        expect([name, r.isError]).toEqual([name, true]);
        expect(text(r)).toMatch(why);
      }
      expect(calls()).toEqual([]);
      // The allow-all still allows what is not the guard's own.
      const ok = await p.client.callTool({ name: 'run_command', arguments: { command: 'ls' } });
      expect(text(ok)).toBe('ok run_command');
    } finally {
      await p.close();
    }
  }, 120_000);

  it('refuses a held call that an SQL UPDATE of the review database approved', async () => {
    const p = await proxied(home, flags('held', ['--review-timeout', '60']), server());
    const tampered: string[] = [];
    const db = (): Database.Database => new Database(join(home, 'guard', 'reviews.db'));
    const forge = setInterval(() => {
      if (!existsSync(join(home, 'guard', 'reviews.db'))) return;
      const d = db();
      try {
        const rows = d.prepare("SELECT id FROM review WHERE status = 'pending'").all() as {
          id: string;
        }[];
        for (const r of rows) {
          d.prepare(
            "UPDATE review SET status = 'approved', approver = 'alice', decided = ? WHERE id = ?",
          ).run(Date.now(), r.id);
          tampered.push(r.id);
        }
      } finally {
        d.close();
      }
    }, 100);
    try {
      const r = await p.client.callTool({
        name: 'send_email',
        arguments: { to: 'cfo@corp.test', body: 'pay 5000 to acct 1234' },
      });
      expect(tampered.length).toBeGreaterThan(0);
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/rejected in review/);
      expect(calls().filter((c) => c.includes('send_email'))).toEqual([]);
    } finally {
      clearInterval(forge);
      await p.close();
    }
  }, 120_000);
});
