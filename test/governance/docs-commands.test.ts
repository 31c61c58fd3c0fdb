// docs/GOVERNANCE.md runs as written: its `sh` code blocks, in order, in an empty directory, with
// `mesh` on PATH being this checkout's bin/mesh.js. A command the docs get wrong fails this test.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/env.js';

/** Every fenced block opened with ```sh, in document order. */
function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

describe('docs/GOVERNANCE.md', () => {
  it('has sh blocks, and they run as written', () => {
    const blocks = shBlocks(readFileSync(join(ROOT, 'docs', 'GOVERNANCE.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const work = mkdtempSync(join(tmpdir(), 'mesh-docs-gov-'));
    const bin = join(work, '.bin');
    mkdirSync(bin);
    const shim = join(bin, 'mesh');
    writeFileSync(
      shim,
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'mesh.js')}" "$@"\n`,
    );
    chmodSync(shim, 0o755);
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
