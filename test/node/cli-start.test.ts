// The start paths of `mesh` (docs/architecture.md "Start-up"): saved help texts and per-command
// bundles are taken only while current; a missing or stale one falls back to the plain build, and
// `mesh doctor` says which path each command takes. The real help texts equal the plain build's.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandStartPaths } from '../../node/doctor/start.js';
import { ROOT } from '../support/env.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

function run(bin: string, args: string[]): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

/** A package with bin/mesh.js, the real loader, and a plain build and bundle that say who ran. */
function fakePackage(): { dir: string; bin: string; touchMain: (ageS: number) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-start-'));
  temps.push(dir);
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'dist', 'node', 'cli'), { recursive: true });
  mkdirSync(join(dir, 'dist', 'cli'));
  copyFileSync(join(ROOT, 'bin', 'mesh.js'), join(dir, 'bin', 'mesh.js'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const loader = join('dist', 'node', 'cli', 'bundle-loader.js');
  copyFileSync(join(ROOT, loader), join(dir, loader));
  const main = join(dir, 'dist', 'node', 'main.js');
  writeFileSync(main, "process.stdout.write('plain ' + process.argv.slice(2).join(' '));");
  writeFileSync(
    join(dir, 'dist', 'cli', 'thing.cjs'),
    "exports.runMeshCli = async (argv) => { process.stdout.write('bundle ' + argv.join(' ')); return 0; };",
  );
  writeFileSync(
    join(dir, 'dist', 'cli', 'help.json'),
    JSON.stringify({ texts: { '': 'saved root help\n', thing: 'saved thing help\n' } }),
  );
  const touchMain = (ageS: number): void => {
    const t = Date.now() / 1000 - ageS;
    utimesSync(main, t, t);
  };
  touchMain(60);
  return { dir, bin: join(dir, 'bin', 'mesh.js'), touchMain };
}

describe('mesh start paths', () => {
  it('runs a current bundle and prints a current saved help; stale or missing ones fall back', () => {
    const p = fakePackage();
    expect(run(p.bin, ['thing', 'x']).stdout).toBe('bundle thing x');
    expect(run(p.bin, ['thing', '--help']).stdout).toBe('saved thing help\n');
    expect(run(p.bin, ['--help']).stdout).toBe('saved root help\n');
    // A path the build saved no text for runs the command's bundle; no bundle, the plain build.
    expect(run(p.bin, ['thing', 'sub', '--help']).stdout).toBe('bundle thing sub --help');
    expect(run(p.bin, ['other', '--help']).stdout).toBe('plain other --help');
    expect(run(p.bin, ['other', 'y']).stdout).toBe('plain other y');
    // A bare tsc since the build: dist/ is newer than the bundle and the help texts.
    p.touchMain(-60);
    expect(run(p.bin, ['thing', 'x']).stdout).toBe('plain thing x');
    expect(run(p.bin, ['thing', '--help']).stdout).toBe('plain thing --help');
  });

  it('prints the saved help into a file, and lets the command answer in a terminal', () => {
    const p = fakePackage();
    const out = join(p.dir, 'help.txt');
    const fd = openSync(out, 'w');
    try {
      spawnSync(process.execPath, [p.bin, 'thing', '--help'], { stdio: ['ignore', fd, 'pipe'] });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(out, 'utf8')).toBe('saved thing help\n');
    // util-linux script(1) gives the child a pseudo-terminal: commander wraps help to its width there
    const tty = spawnSync(
      'script',
      ['-qec', `${process.execPath} ${p.bin} thing --help`, '/dev/null'],
      {
        encoding: 'utf8',
      },
    );
    expect(tty.stdout.trim()).toBe('bundle thing --help');
  });

  it('falls back to the plain build when a bundle is broken', () => {
    const p = fakePackage();
    writeFileSync(join(p.dir, 'dist', 'cli', 'thing.cjs'), 'exports.somethingElse = 1;');
    expect(run(p.bin, ['thing', 'x']).stdout).toBe('plain thing x');
  });

  it('prints the same help as the plain build for the root and commands', () => {
    for (const path of [[], ['tuf-client'], ['dap', 'submit'], ['guard', 'hook']]) {
      const fast = run(join(ROOT, 'bin', 'mesh.js'), [...path, '--help']);
      const plain = run(join(ROOT, 'dist', 'node', 'main.js'), [...path, '--help']);
      expect(fast.status).toBe(0);
      expect(fast.stdout).toBe(plain.stdout);
    }
  });

  it('doctor names the start path of every command', () => {
    const paths = commandStartPaths();
    expect(paths['tuf-client']).toBe('bundle with code cache');
    expect(paths['dap submit preparing threads']).toBe('bundle with code cache');
    const empty = mkdtempSync(join(tmpdir(), 'mesh-start-dist-'));
    temps.push(empty);
    expect(commandStartPaths(empty)['dap']).toBe('plain build (no bundle)');
    expect(commandStartPaths(empty)['dap submit preparing threads']).toBe(
      'plain build (no bundle)',
    );
  });
});
