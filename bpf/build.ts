// Builds the loader with bpf/Makefile, first naming the Debian packages that are missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SensorError } from './errors.js';
import { loaderPath, sensorSourceDir } from './paths.js';

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

/** Runs make in bpf/ (vmlinux.h from this kernel's BTF, CO-RE object, skeleton, loader). */
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
  if (opts.force) spawnSync('make', ['-C', dir, 'clean'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const child = spawn('make', ['-C', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
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
      if (code === 0 && existsSync(loaderPath())) resolve({ loader: loaderPath(), output });
      else
        reject(
          new SensorError(
            'build_failed',
            `make exited with ${code ?? 'a signal'}: ${output.slice(-2000)}`,
            'check that /sys/kernel/btf/vmlinux exists and you are root',
          ),
        );
    });
  });
}
