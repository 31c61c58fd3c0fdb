// SQL a database client reads from a file (the session's own write of it, else the file on disk)
// and SQL that interpreter code hands a database library, through the built-in pack in process.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const dir = mkdtempSync(join(tmpdir(), 'sql-files-'));
writeFileSync(join(dir, 'wipe.sql'), 'BEGIN;\nDROP TABLE users CASCADE;\nCOMMIT;\n');
writeFileSync(join(dir, 'seed.sql'), 'CREATE TABLE t (id int);\nINSERT INTO t VALUES (1);\n');
writeFileSync(join(dir, 'prune.sql'), 'DELETE FROM sessions WHERE expires_at < now();\n');

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const bash = (command: string, extra: object = {}) =>
  guard.decide({ phase: 'call', tool: 'Bash', args: { command }, cwd: dir, ...extra });

describe('SQL read from files by database clients', () => {
  it.each([
    'psql -f wipe.sql',
    `psql --file=${join(dir, 'wipe.sql')}`,
    'psql "$DATABASE_URL" < wipe.sql',
    'mysql app < wipe.sql',
    "sqlite3 app.db '.read wipe.sql'",
  ])('%s escalates as infrastructure destruction', async (cmd) => {
    const d = await bash(cmd);
    expect(d.verdict).toBe('escalate');
    expect(d.rule).toBe('ca.infra-destroy');
    expect(d.reason).toContain('DROP users');
  });

  it.each(['psql -f seed.sql', 'psql -f prune.sql', 'psql -f missing.sql', 'psql -f /dev/stdin'])(
    '%s is allowed',
    async (cmd) => {
      expect((await bash(cmd)).verdict).toBe('allow');
    },
  );

  it('a file the session wrote earlier is read from that write, and only in that session', async () => {
    const write = {
      phase: 'call',
      tool: 'Write',
      session: 'w1',
      cwd: '/nonexistent-repo',
      args: { file_path: 'migrations/009.sql', content: 'TRUNCATE audit_log;' },
    };
    expect((await guard.decide(write)).verdict).toBe('allow');
    const run = (session: string) =>
      guard.decide({
        phase: 'call',
        tool: 'Bash',
        session,
        cwd: '/nonexistent-repo',
        args: { command: 'psql -d app -f migrations/009.sql' },
      });
    const d = await run('w1');
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.infra-destroy']);
    expect(d.reason).toContain('TRUNCATE audit_log');
    expect((await run('w2')).verdict).toBe('allow');
  });

  it('the file is read again at every decision of the same command', async () => {
    const file = join(dir, 'changing.sql');
    writeFileSync(file, 'SELECT 1;\n');
    expect((await bash('psql -f changing.sql')).verdict).toBe('allow');
    writeFileSync(file, 'DROP TABLE orders;\n');
    expect((await bash('psql -f changing.sql')).rule).toBe('ca.infra-destroy');
  });
});

describe('SQL in interpreter library calls', () => {
  it.each([
    `python3 -c "import sqlite3; sqlite3.connect('app.db').execute('DROP TABLE users')"`,
    `python3 -c "import psycopg2; c = psycopg2.connect(''); c.cursor().execute('TRUNCATE orders')"`,
    `python3 - <<'PY'\nimport psycopg\nwith psycopg.connect() as c:\n    c.execute("DELETE FROM accounts")\nPY`,
    `node -e "const {Client}=require('pg');const c=new Client();c.connect().then(()=>c.query('DROP SCHEMA public CASCADE'))"`,
    `node -e "require('better-sqlite3')('app.db').exec('UPDATE users SET role = 1')"`,
  ])('%s escalates', async (cmd) => {
    const d = await bash(cmd);
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.infra-destroy']);
  });

  it.each([
    `python3 -c "import sqlite3; print(sqlite3.connect('app.db').execute('SELECT count(*) FROM users').fetchone())"`,
    `python3 -c "import sqlite3; sqlite3.connect('a.db').execute('DELETE FROM t WHERE id = 3')"`,
    `node -e "const {Client}=require('pg');new Client().query('UPDATE jobs SET done = true WHERE id = $1', [4])"`,
    `node -e "require('child_process').exec('ls -la')"`,
  ])('%s is allowed', async (cmd) => {
    expect((await bash(cmd)).verdict).toBe('allow');
  });
});
