// docs/guard.md "Hook start-up": `mesh guard hook` runs from the one-file bundle dist/hook/mesh-hook.cjs
// (and its V8 code cache) and answers byte for byte as the unbundled hook in its own process; with no
// bundle, or an outdated one, it runs the normal entry; a broken bundle denies (exit 2).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hookArgs,
  hookEnv,
  pre,
  type HookEnv,
  type HookRunner,
} from '../guard/hook/hook-driver.js';
import { scenario, SCENARIO_CODES, type HookAnswer } from '../guard/hook/hook-scenario.js';
import type { MeshRun } from '../support/run-mesh.js';
import { ROOT } from '../support/env.js';
import { ownProcessScenario } from './own-process-scenario.js';

const BUNDLE = join(ROOT, 'dist', 'hook', 'mesh-hook.cjs');
const CACHE = `${BUNDLE}.v8cache`;
const temps: string[] = [];
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
const freshEnv = (): HookEnv => {
  const env = hookEnv();
  temps.push(env.home);
  return env;
};

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function runNode(args: string[], input: string, env: NodeJS.ProcessEnv): Promise<MeshRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

/** A hook runner through the entry file `script` (bin/mesh.js of some package, or dist/node/main.js). */
const via =
  (script: string): HookRunner =>
  (env, input, extra = [], packs) =>
    runNode(
      [script, ...hookArgs(env, extra, packs)],
      typeof input === 'string' ? input : JSON.stringify(input),
      { MESH_HOME: env.home },
    );

const unbundled = via(join(ROOT, 'dist', 'node', 'main.js'));

/** A copy of the package whose dist/hook/ holds what `hook` says; the rest links to this one. */
function packageWith(hook: Record<string, string | Buffer>): string {
  const pkg = temp('mesh-pkg-');
  mkdirSync(join(pkg, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'mesh.js'), join(pkg, 'bin', 'mesh.js'));
  copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  mkdirSync(join(pkg, 'dist', 'hook'), { recursive: true });
  symlinkSync(join(ROOT, 'dist', 'node'), join(pkg, 'dist', 'node'));
  for (const [name, data] of Object.entries(hook))
    writeFileSync(join(pkg, 'dist', 'hook', name), data);
  return join(pkg, 'bin', 'mesh.js');
}

// The scenario's first two calls, so that its run through the unbundled hook answers them too.
const deny = pre('p-deny', 'Bash', { command: 'rm -rf ~' }, 'u1');
const pass = pre('p-pass', 'Bash', { command: 'ls -la src' }, 'u2');

/** The same two calls (deny, allow) through `run`, in a fresh state each, answers masked. */
async function denyAndPass(run: HookRunner): Promise<[number | null, string, string][]> {
  const env = freshEnv();
  const out: [number | null, string, string][] = [];
  for (const input of [deny, pass]) {
    const r = await run(env, input);
    out.push([r.code, r.stdout, r.stderr.replaceAll(env.home, '<home>')]);
  }
  return out;
}

/** The scenario through the unbundled hook: slow to start (every call), so run once for every case. */
let unbundledScenario: Promise<HookAnswer[]> | undefined;
const plainScenario = (): Promise<HookAnswer[]> =>
  (unbundledScenario ??= scenario(freshEnv(), unbundled));

/** The unbundled hook's answers to the two calls: the scenario's first two, in a fresh state too. */
const expectedAnswers = async (): Promise<[number | null, string, string][]> => {
  const answers = (await plainScenario()).slice(0, 2);
  return answers.map(({ code, stdout, stderr }) => [code, stdout, stderr]);
};

// Every test below runs in its own state and package copy: they run side by side.
describe('hook bundle', { timeout: 900_000, concurrent: true }, () => {
  it('is built, with a code cache made from it', () => {
    expect(existsSync(BUNDLE), 'run `npm run build`').toBe(true);
    // Not older than the compiled code, or bin/mesh.js would (rightly) pass it over.
    const entry = join(ROOT, 'dist', 'node', 'cli', 'hook-main.js');
    expect(statSync(BUNDLE).mtimeMs, 'run `npm run build`').toBeGreaterThanOrEqual(
      statSync(entry).mtimeMs,
    );
    // The cache's first 32 bytes are the SHA-256 of the bundle it was made from.
    const key = readFileSync(CACHE).subarray(0, 32).toString('hex');
    expect(key).toBe(createHash('sha256').update(readFileSync(BUNDLE)).digest('hex'));
  });

  it('answers byte for byte as the unbundled hook in its own process', async () => {
    // Each path in its own state: they run side by side.
    // The bundled path is `bin/mesh.js`'s own: the run's one scenario through it (own-process-scenario.ts).
    const [plain, fast] = await Promise.all([plainScenario(), ownProcessScenario()]);
    expect(fast).toEqual(plain);
    expect(plain.map((r) => r.code)).toEqual(SCENARIO_CODES);
  });

  it('with no bundle, runs the normal entry', async () => {
    const expected = await expectedAnswers();
    expect(expected.map(([code]) => code)).toEqual([2, 0]);
    expect(await denyAndPass(via(packageWith({})))).toEqual(expected);
  });

  it('a bundle older than the compiled code (a bare tsc since) is not run: the normal entry is', async () => {
    const expected = await expectedAnswers();
    // Broken on purpose: were it run, every call would fail closed with "hook bundle:".
    const bin = packageWith({ 'mesh-hook.cjs': 'this is not javascript (' });
    const stale = join(bin, '..', '..', 'dist', 'hook', 'mesh-hook.cjs');
    utimesSync(stale, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(await denyAndPass(via(bin))).toEqual(expected);
  });

  it('a cache made from other bytes, or one V8 refuses, is not used: same answers', async () => {
    const expected = await expectedAnswers();
    const bundle = readFileSync(BUNDLE);
    const cache = readFileSync(CACHE);
    const otherKey = Buffer.concat([Buffer.alloc(32, 7), cache.subarray(32)]);
    const garbage = Buffer.concat([cache.subarray(0, 32), Buffer.alloc(4096, 0x5a)]);
    for (const v8cache of [otherKey, garbage]) {
      const bin = packageWith({ 'mesh-hook.cjs': bundle, 'mesh-hook.cjs.v8cache': v8cache });
      expect(await denyAndPass(via(bin))).toEqual(expected);
    }
  });

  it('a broken bundle denies every call: exit 2 with the reason', async () => {
    const broken = [
      'this is not javascript (',
      "throw new Error('bundle evaluation failed');",
      'exports.somethingElse = 1;',
      "exports.runHookCli = () => Promise.reject(new Error('rejected'));",
    ];
    for (const source of broken) {
      const run = via(packageWith({ 'mesh-hook.cjs': source }));
      for (const input of [deny, pass]) {
        const r = await run(freshEnv(), input);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^mesh guard: failed closed: hook bundle: .+\n$/);
      }
    }
  });
});
