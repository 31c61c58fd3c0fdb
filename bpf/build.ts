// Builds the loader with bpf/Makefile, first naming the Debian packages that are missing.
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SensorError } from './errors.js';
import { sensorSourceDir } from './paths.js';

const TOOLS: [command: string, pkg: string][] = [
  ['clang', 'clang'],
  ['bpftool', 'bpftool'],
  ['make', 'make'],
  ['pkg-config', 'pkg-config'],
];
const HEADERS: [header: string, pkg: string][] = [
  ['/usr/include/bpf/libbpf.h', 'libbpf-dev'],
  ['/usr/include/gelf.h', 'libelf-dev'],
  ['/usr/include/zlib.h', 'zlib1g-dev'],
];

function onPath(cmd: string): boolean {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin']);
  return dirs.some((d) => d !== '' && existsSync(join(d, cmd)));
}

/** Debian packages the build needs that this machine lacks. */
export function missingPackages(): string[] {
  const missing = new Set<string>();
  for (const [cmd, pkg] of TOOLS) if (!onPath(cmd)) missing.add(pkg);
  for (const [h, pkg] of HEADERS) if (!existsSync(h)) missing.add(pkg);
  return [...missing];
}

export interface BuildResult {
  loader: string;
  output: string;
}

/**
 * Runs make in bpf/ (vmlinux.h from this kernel's BTF, CO-RE object, skeleton, loader); with
 * `force` it rebuilds from scratch.
 *
 * @throws {SensorError} build_failed (missing Debian packages, with an apt-get hint; or make
 * failed)
 * @example
 * const { loader } = await buildLoader();
 * new SensorSupervisor({ onEvent, loader });
 */
export function buildLoader(opts: { force?: boolean } = {}): Promise<BuildResult> {
  const missing = missingPackages();
  if (missing.length > 0)
    return Promise.reject(
      new SensorError(
        'build_failed',
        `missing Debian packages: ${missing.join(' ')}`,
        `apt-get install -y ${missing.join(' ')}`,
      ),
    );
  const dir = sensorSourceDir();
  const final = join(dir, 'build');
  const loader = join(final, 'mesh-sensor');
  // Already built: make only redoes what changed.
  if (!opts.force && existsSync(loader))
    return runMake(dir, final).then((output) => ({ loader, output }));
  // A private build directory renamed into place: concurrent builders (parallel test workers)
  // never see each other's half-written files.
  const tmp = `${final}.tmp-${process.pid}-${Date.now()}`;
  return runMake(dir, tmp).then((output) => {
    if (opts.force) rmSync(final, { recursive: true, force: true });
    try {
      renameSync(tmp, final);
    } catch {
      // Another builder won the race with an identical build.
      rmSync(tmp, { recursive: true, force: true });
    }
    return { loader, output };
  });
}

function runMake(dir: string, buildDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('make', ['-C', dir, `BUILD=${buildDir}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      output += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      output += d;
    });
    child.on('error', (e) => {
      reject(new SensorError('build_failed', e.message));
    });
    child.on('close', (code) => {
      if (code === 0 && existsSync(join(buildDir, 'mesh-sensor'))) resolve(output);
      else {
        rmSync(buildDir, { recursive: true, force: true });
        reject(
          new SensorError(
            'build_failed',
            `make exited with ${code ?? 'a signal'}: ${output.slice(-2000)}`,
            'check that /sys/kernel/btf/vmlinux exists and you are root',
          ),
        );
      }
    });
  });
}
