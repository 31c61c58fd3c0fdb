// docs/operator.md "Install the Claude Code hook", through the real CLI: `mesh guard hook
// claude-code install` writes the hook into Claude Code's settings with absolute paths of node, the
// CLI and the state directory, leaves other settings alone, changes nothing the second time; the
// command it wrote denies a destructive call when run as Claude Code runs it (sh -c, no PATH, no
// MESH_HOME); `mesh doctor` finds it installed and answering; `uninstall` removes only its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pre } from '../guard/hook/hook-driver.js';
import { runMesh } from '../support/run-mesh.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-install-'));
const project = join(work, 'project');
const home = join(work, 'home');
const state = join(work, 'state');
const settings = join(project, '.claude', 'settings.json');
const OTHER = { type: 'command', command: 'echo other-hook' };
mkdirSync(join(project, '.claude'), { recursive: true });
mkdirSync(home);
writeFileSync(
  settings,
  JSON.stringify({ model: 'x', hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [OTHER] }] } }),
);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const mesh = (args: string[]): ReturnType<typeof runMesh> =>
  runMesh(args, { cwd: project, env: { HOME: home, MESH_HOME: state }, timeoutMs: 120_000 });
type Settings = {
  model?: string;
  hooks?: Record<string, { matcher: string; hooks: { command: string }[] }[]>;
};
const read = (): Settings => JSON.parse(readFileSync(settings, 'utf8')) as Settings;
interface Check {
  name: string;
  status: string;
  detail: string;
}
const doctorCheck = async (): Promise<Check | undefined> => {
  const r = await mesh(['doctor', '--json']);
  return (JSON.parse(r.stdout) as { checks: Check[] }).checks.find(
    (c) => c.name === 'hook install',
  );
};

describe('mesh guard hook claude-code install|uninstall', () => {
  it('writes the hook once, with absolute paths, beside the other settings', async () => {
    expect((await doctorCheck())?.status).toBe('warn');
    const first = await mesh([
      'guard',
      'hook',
      'claude-code',
      'install',
      '--scope',
      'project',
      '--json',
    ]);
    expect(first.code, first.stderr).toBe(0);
    const r = JSON.parse(first.stdout) as { changed: boolean; command: string; settings: string };
    expect([r.changed, r.settings]).toEqual([true, settings]);
    expect(r.command.startsWith(`'${process.execPath}' '/`)).toBe(true);
    expect(r.command).toContain(`'--state' '${state}'`);
    const s = read();
    expect(s.model).toBe('x');
    expect(s.hooks?.PreToolUse?.[0]?.hooks).toEqual([OTHER]);
    expect(s.hooks?.PreToolUse?.[1]?.hooks.map((h) => h.command)).toEqual([r.command]);
    expect(s.hooks?.PostToolUse?.[0]?.hooks.map((h) => h.command)).toEqual([r.command]);
    const again = await mesh([
      'guard',
      'hook',
      'claude-code',
      'install',
      '--scope',
      'project',
      '--json',
    ]);
    expect((JSON.parse(again.stdout) as { changed: boolean }).changed).toBe(false);
    expect(read()).toEqual(s);

    // Run as Claude Code runs a hook command: through sh, with no PATH to mesh and no MESH_HOME.
    const denied = spawnSync('/bin/sh', ['-c', r.command], {
      input: JSON.stringify(pre('inst', 'Bash', { command: 'rm -rf ~' })),
      env: { HOME: home, PATH: '/nonexistent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(denied.status, denied.stderr).toBe(2);
    expect(denied.stderr).toMatch(/destructive/);

    const check = await doctorCheck();
    expect([check?.status, check?.detail]).toEqual([
      'ok',
      'guard hook installed and answering (project settings)',
    ]);
  }, 300_000);

  it('uninstall removes only its own entries; doctor then warns', async () => {
    const r = await mesh([
      'guard',
      'hook',
      'claude-code',
      'uninstall',
      '--scope',
      'project',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { removed: number }).removed).toBe(2);
    expect(read()).toEqual({
      model: 'x',
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [OTHER] }] },
    });
    expect((await doctorCheck())?.status).toBe('warn');
    const bad = await mesh(['guard', 'hook', 'claude-code', 'install', '--scope', 'everywhere']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/use one of user, project, local/);
  }, 300_000);

  it('doctor fails when the installed hook points at a node that is gone', async () => {
    writeFileSync(
      settings,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: '*',
              hooks: [
                {
                  type: 'command',
                  command: `'/gone/node' '/gone/mesh.js' --state '${state}' guard hook claude-code --pack 'builtin:coding-agent'`,
                },
              ],
            },
          ],
        },
      }),
    );
    const check = await doctorCheck();
    expect(check?.status).toBe('fail');
    expect(check?.detail).toMatch(/missing/);
  }, 120_000);
});
