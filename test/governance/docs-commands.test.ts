// docs/GOVERNANCE.md runs as written: its `sh` code blocks, in order, in an empty directory, with
// `mesh` on PATH being this checkout's bin/mesh.js. A command the docs get wrong fails this test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meshShim, shBlocks } from '../docs/markdown-blocks.js';
import { ROOT } from '../support/env.js';

describe('docs/GOVERNANCE.md', () => {
  it('has sh blocks, and they run as written', () => {
    const blocks = shBlocks(readFileSync(join(ROOT, 'docs', 'GOVERNANCE.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const work = mkdtempSync(join(tmpdir(), 'mesh-docs-gov-'));
    const bin = meshShim(work);
    const cwd = join(work, 'run');
    mkdirSync(cwd);
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', blocks.join('\n')], {
      cwd,
      encoding: 'utf8',
      timeout: 240_000,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        MESH_HOME: join(work, 'state'),
      },
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 300_000);
});
