// docs/guard.md "Hook start-up": the hook bundle skips the rule-hash and example checks only for a
// built-in pack the build checked, whose document it carries the digest of; a pack file keeps
// every check, in the bundle too.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../guard/index.js';
import { BUILTIN_PACKS, compilePack } from '../../packs/index.js';
import { CHECKED_BUILTINS } from '../../packs/builtin/checked.js';
import { ROOT } from '../support/env.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const digest = (doc: unknown): string =>
  createHash('sha256').update(canonicalJson(doc)).digest('hex');

describe('built-in packs checked at build time', { timeout: 120_000 }, () => {
  it('outside the bundle nothing is trusted: every load runs every check', () => {
    expect(CHECKED_BUILTINS.size).toBe(0);
  });

  it('the hook bundle carries the digest of each built-in pack as it stands', () => {
    const bundle = readFileSync(join(ROOT, 'dist', 'hook', 'mesh-hook.cjs'), 'utf8');
    for (const [name, doc] of Object.entries(BUILTIN_PACKS))
      expect(bundle).toContain(`${name}=${digest(doc)}`);
  });

  it('a checked load gives the entries a full check gives', () => {
    for (const [name, doc] of Object.entries(BUILTIN_PACKS)) {
      const full = compilePack(doc, `builtin:${name}`).meta.rules;
      const checked = compilePack(doc, `builtin:${name}`, { checked: true }).meta.rules;
      expect(JSON.parse(JSON.stringify(checked))).toEqual(JSON.parse(JSON.stringify(full)));
    }
  });

  it('in the bundle, a pack file with a wrong rule hash still fails closed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-checked-'));
    temps.push(dir);
    const doc = JSON.parse(JSON.stringify(BUILTIN_PACKS['coding-agent'])) as {
      rules: Record<string, { sha256: string }>;
    };
    const first = Object.values(doc.rules)[0];
    if (first === undefined) throw new Error('the built-in pack has no rules');
    first.sha256 = '0'.repeat(64);
    const file = join(dir, 'coding-agent.json');
    writeFileSync(file, JSON.stringify(doc));
    const input = JSON.stringify({
      session_id: 's',
      transcript_path: '/dev/null',
      cwd: dir,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls -la' },
      tool_use_id: 'toolu_1',
    });
    const run = (pack: string): ReturnType<typeof spawnSync> =>
      spawnSync(
        process.execPath,
        [
          join(ROOT, 'bin', 'mesh.js'),
          '--state',
          dir,
          'guard',
          'hook',
          'claude-code',
          '--pack',
          pack,
        ],
        { input, encoding: 'utf8' },
      );
    const bad = run(file);
    expect(bad.status).toBe(2);
    expect(String(bad.stderr)).toMatch(/failed closed.*does not match the rule's content/);
    expect(run('builtin:coding-agent').status).toBe(0);
  });
});
