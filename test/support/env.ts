// Sizes of randomised suites and where the official vectors are: read from the environment.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const IN_CI = process.env.CI === 'true';
export const SLOW = process.env.MESH_SLOW === '1';

function intFromEnv(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got ${v}`);
  return n;
}

/** fast-check runs per property: MESH_FC_RUNS, default 100 (more under test:slow). */
export const FC_RUNS = intFromEnv('MESH_FC_RUNS', SLOW ? 1000 : 100);
/** Kill-and-restart rounds of crash suites: MESH_CRASH_ROUNDS, default 10 (more under test:slow). */
export const CRASH_ROUNDS = intFromEnv('MESH_CRASH_ROUNDS', SLOW ? 100 : 10);
/**
 * Kill-and-restart rounds of the end-to-end crash suites (test/e2e/*-crash), each round a SIGKILL of
 * real `mesh` processes at a random instant and a re-run: MESH_CRASH_ROUNDS, default 5 (every run
 * draws fresh instants; 100 under test:slow).
 */
export const E2E_CRASH_ROUNDS = intFromEnv('MESH_CRASH_ROUNDS', SLOW ? 100 : 5);

/** The official vectors: $MESH_VECTORS, else ../shared/test-vectors beside the project. */
export function vectorsDir(): string {
  return process.env.MESH_VECTORS
    ? resolve(process.env.MESH_VECTORS)
    : resolve(ROOT, '../shared/test-vectors');
}

/**
 * Where a vector folder lives, or why a suite must skip. Under CI=true a missing folder is a failure,
 * so CI always runs the vectors.
 */
export function vectorFolder(
  sub: string,
): { dir: string; skip: false } | { dir: string; skip: true; reason: string } {
  const dir = join(vectorsDir(), sub);
  if (existsSync(dir)) return { dir, skip: false };
  if (IN_CI)
    throw new Error(`official vectors missing at ${dir} (CI requires them; set MESH_VECTORS)`);
  const reason = `official vectors not found at ${dir}; set MESH_VECTORS to run this suite`;
  console.warn(`skip: ${reason}`);
  return { dir, skip: true, reason };
}

/** The compiled CLI, as a user runs it. */
export const MESH_BIN = join(ROOT, 'bin', 'mesh.js');
