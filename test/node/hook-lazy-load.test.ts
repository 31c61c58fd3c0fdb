// docs/guard.md "Hook start-up": the hook bundle requires libpg-query on its first call, not when it
// loads, and loads the bash grammar only for a command the reader cannot read without a tree. A call
// that needs a grammar and cannot load it still fails closed (exit 2); a call that never needs it is
// decided as before.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/env.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the package (bin, the hook bundle and its cache) whose node_modules lacks `missing`. */
function packageWithout(missing: string): string {
  const pkg = mkdtempSync(join(tmpdir(), 'mesh-pkg-'));
  temps.push(pkg);
  mkdirSync(join(pkg, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'mesh.js'), join(pkg, 'bin', 'mesh.js'));
  copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  mkdirSync(join(pkg, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (name !== missing)
      symlinkSync(join(ROOT, 'node_modules', name), join(pkg, 'node_modules', name));
  mkdirSync(join(pkg, 'dist', 'hook'), { recursive: true });
  symlinkSync(join(ROOT, 'dist', 'node'), join(pkg, 'dist', 'node'));
  for (const f of ['mesh-hook.cjs', 'mesh-hook.cjs.v8cache'])
    copyFileSync(join(ROOT, 'dist', 'hook', f), join(pkg, 'dist', 'hook', f));
  return join(pkg, 'bin', 'mesh.js');
}

function hook(mesh: string, home: string, command: string): { code: number | null; err: string } {
  const input = JSON.stringify({
    session_id: 'lazy',
    transcript_path: '/dev/null',
    cwd: home,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: `toolu_${command.length}`,
  });
  const r = spawnSync(
    process.execPath,
    [mesh, 'guard', 'hook', 'claude-code', '--pack', 'builtin:coding-agent'],
    { input, env: { ...process.env, MESH_HOME: home }, encoding: 'utf8' },
  );
  return { code: r.status, err: r.stderr };
}

describe('hook bundle, lazily loaded modules', { timeout: 300_000 }, () => {
  it('without libpg-query: a destructive SQL call fails closed, a plain command is decided', () => {
    const mesh = packageWithout('libpg-query');
    const home = mkdtempSync(join(tmpdir(), 'mesh-home-'));
    temps.push(home);
    const plain = hook(mesh, home, 'ls -la src');
    expect(plain.code, plain.err).toBe(0);
    const sql = hook(mesh, home, `psql -h db.internal -c 'DROP TABLE users'`);
    expect(sql.code).toBe(2);
    expect(sql.err).toMatch(/failed closed.*libpg-query/);
  });

  it('without the bash grammar: a command that needs a tree fails closed, a plain one is decided', () => {
    const mesh = packageWithout('tree-sitter-bash');
    const home = mkdtempSync(join(tmpdir(), 'mesh-home-'));
    temps.push(home);
    for (const command of ['ls -la src', 'git status && npm test | tee out.log']) {
      const r = hook(mesh, home, command);
      expect(r.code, `${command}: ${r.err}`).toBe(0);
    }
    for (const command of [
      'for f in *.log; do gzip "$f"; done',
      'while read -r l; do echo "$l"; done < list.txt',
    ]) {
      const r = hook(mesh, home, command);
      expect(r.code, command).toBe(2);
      expect(r.err).toMatch(/failed closed.*bash grammar/);
    }
  });
});
