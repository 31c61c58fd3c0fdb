// Child `mesh` processes for the demo (and for tests): one-shot commands and long-running services.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { NodeError } from '../errors.js';
import { packageRoot } from '../version.js';

export const MESH_BIN = join(packageRoot(), 'bin', 'mesh.js');

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runMeshCommand(
  args: readonly string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MESH_BIN, ...args], {
      env: { ...process.env, ...opts.env },
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/**
 * `mesh ARGS --json` as one step of the demo: its last stdout line parsed.
 * @throws NodeError io_failed naming STEP and what the command printed, when it exits non-zero.
 */
export async function runMeshStep(
  args: readonly string[],
  step: string,
): Promise<Record<string, unknown>> {
  const r = await runMeshCommand([...args, '--json'], { timeoutMs: 120_000 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0)
    throw new NodeError(
      'io_failed',
      `${step} failed (mesh ${args[0] ?? ''} exit ${String(r.code)}): ${last || r.stderr.trim()}`,
    );
  return JSON.parse(last) as Record<string, unknown>;
}

export interface MeshService {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

/** Runs `mesh serve --port 0 ARGS` and resolves once it prints its `{"listening": URL}` line. */
export function startMeshService(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 20_000,
): Promise<MeshService> {
  const child = spawn(process.execPath, [MESH_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(
        new NodeError(
          'io_failed',
          `mesh serve ${args.join(' ')} exited ${String(code)}: ${err.trim()}`,
        ),
      );
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new NodeError(
          'io_failed',
          `mesh serve ${args.join(' ')} not ready within ${timeoutMs} ms: ${err.trim()}`,
        ),
      );
    }, timeoutMs);
    child.once('exit', onExit);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (out.includes('\n')) return;
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      const { listening } = JSON.parse(out.slice(0, nl)) as { listening: string };
      resolve({
        url: listening,
        child,
        stderr: () => err,
        async stop() {
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited(child);
          clearTimeout(t);
        },
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
      });
    });
  });
}
