// docs/architecture.md "Publish" and "Subscribe", the steps every end-to-end suite repeats: maintainer keys (the
// roles `mesh demo` makes), `mesh publish`, a `mesh serve --role mirror`, a ceremony for the stable
// ring and `mesh subscribe`, each a real `mesh` process. A suite says only what is particular to it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { signerVkey } from '../../log/index.js';
import { LOG_ORIGIN, PACK } from '../../node/demo/mesh-setup.js';
import { resolveSubscribedPack } from '../../node/subscription/index.js';
import { BUILTIN_PACKS, logDbPath, PublishKeys } from '../../packs/index.js';
import { copyPublishedRepo } from '../support/published-repo.js';
import { copyRoleKeys } from '../support/role-keys.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

export { PACK };
/** The maintainer's repository is threshold 1 from single key files: governance's demo profile. */
export const DEMO = ['--profile', 'demo'];
export const BUILTIN = BUILTIN_PACKS[PACK] as { catalog: string[] };
export const CATALOG = BUILTIN.catalog;

export interface MeshRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  json: Record<string, unknown>;
  stderr: string;
}

/**
 * `mesh ARGS --json`, its last stdout line parsed. A process killed or crashed before printing gets
 * an empty object (callers look at code and signal); with `strict`, printing no JSON is a failure.
 */
export async function meshJson(
  args: string[],
  opts: { input?: string; timeoutMs?: number; strict?: boolean } = {},
): Promise<MeshRun> {
  const { strict = false, ...run } = opts;
  const r = await runMesh([...args, '--json'], { timeoutMs: 60_000, ...run });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(line) as Record<string, unknown>;
  } catch {
    if (strict) throw new Error(`mesh ${args.join(' ')} printed no JSON: ${r.stdout} ${r.stderr}`);
  }
  return { code: r.code, signal: r.signal, json, stderr: r.stderr };
}

const strictFor = (m: Maintainer): { strict: true; timeoutMs: number } => ({
  strict: true,
  timeoutMs: m.timeoutMs,
});

/** Fails the test, showing what the command printed, unless it exited 0. */
export function expectOk(r: MeshRun): MeshRun {
  expect(r.code, JSON.stringify(r.json) + r.stderr).toBe(0);
  return r;
}

export interface Maintainer {
  work: string;
  keys: string;
  repo: string;
  /** The repository's first root metadata: what a node is told to trust at its first subscribe. */
  root: string;
  logKey: string;
  /** Each role's public key as `mesh keys new` printed it. */
  publicKeys: Record<string, string>;
  /** Servers started for this repository; the suite stops them. */
  services: ServeProcess[];
  /** How long each `mesh` command of the suite may run before it is killed. */
  timeoutMs: number;
}

/**
 * Keys of every role the demo makes in WORK/keys (threshold 1), and the repository's place: a copy of
 * the keys `mesh keys new` made for the run (test/support/role-keys.ts).
 */
export async function maintainer(work: string, timeoutMs = 60_000): Promise<Maintainer> {
  const keys = join(work, 'keys');
  const repo = join(work, 'repo');
  const publicKeys = await copyRoleKeys(keys, timeoutMs);
  return {
    work,
    keys,
    repo,
    root: join(repo, 'metadata', '1.root.json'),
    logKey: signerVkey(new PublishKeys(keys).logSigner(LOG_ORIGIN)),
    publicKeys,
    services: [],
    timeoutMs,
  };
}

/** Writes DOC (default: the builtin pack) as WORK/NAME and returns the file. */
export function writePack(m: Maintainer, name: string, doc: object = BUILTIN): string {
  const file = join(m.work, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

/** Flags with which a first publish reads nothing but the pack, the keys and the repository's place. */
const LOCAL_FLAGS = new Set(['--ring', 'canary', '--force-unwitnessed']);

/**
 * `mesh publish PACK --repo REPO --keys KEYS FLAGS...` (REPO default: the maintainer's), which must
 * succeed. A first publish into a new REPO with local flags is a copy of the run's one real publish
 * of the same pack, keys and flags (test/support/published-repo.ts); every later publish is real.
 */
export async function publish(
  m: Maintainer,
  pack: string,
  flags: string[] = [],
  repo = m.repo,
): Promise<MeshRun> {
  const real = async (into: string): Promise<MeshRun> =>
    expectOk(
      await meshJson(
        ['publish', pack, '--repo', into, '--keys', m.keys, ...DEMO, ...flags],
        strictFor(m),
      ),
    );
  if (existsSync(repo) || existsSync(logDbPath(repo)) || !flags.every((f) => LOCAL_FLAGS.has(f)))
    return real(repo);
  return copyPublishedRepo({ pack, keys: m.keys, flags, repo, timeoutMs: m.timeoutMs }, real);
}

/** `mesh publish --task CLIENT --name NAME` into the maintainer's repository, which must succeed. */
export async function publishTask(m: Maintainer, client: string, name = PACK): Promise<MeshRun> {
  return expectOk(
    await meshJson(
      ['publish', '--task', client, '--name', name, '--repo', m.repo, '--keys', m.keys, ...DEMO],
      strictFor(m),
    ),
  );
}

/** The argument list of `mesh publish --apply FILE` for the maintainer's repository. */
export function applyArgs(m: Maintainer, file: string, flags: string[] = []): string[] {
  return ['publish', '--apply', file, '--repo', m.repo, '--keys', m.keys, ...DEMO, ...flags];
}

/**
 * The stable ring's ceremony for a proposal `mesh publish` or `mesh publish --apply` wrote: the
 * stable keyholder signs, the signatures are assembled, and the publish is finished. Each must succeed.
 */
export async function signAndApply(m: Maintainer, proposal: string): Promise<void> {
  const sig = join(m.work, 'stable.sig.json');
  const signed = join(m.work, 'stable.signed.json');
  const key = join(m.keys, 'stable.key');
  expectOk(
    await meshJson(
      ['ceremony', 'sign', '--proposal', proposal, '--key', key, '--out', sig],
      strictFor(m),
    ),
  );
  const assemble = ['ceremony', 'assemble', '--repo', m.repo, '--proposal', proposal, ...DEMO];
  expectOk(await meshJson([...assemble, '--signature', sig, '--out', signed], strictFor(m)));
  expectOk(await meshJson(applyArgs(m, signed), strictFor(m)));
}

/**
 * `mesh serve --role mirror` with a fresh data directory, serving REPO (default: the maintainer's;
 * null: none, for a mirror seeded from an upstream) with CONFIG as its config file when given.
 */
export async function startMirror(
  m: Maintainer,
  opts: { repo?: string | null; config?: object } = {},
): Promise<string> {
  const data = mkdtempSync(join(m.work, 'mirror-'));
  const args = ['--role', 'mirror', '--data', data];
  const repo = opts.repo === undefined ? m.repo : opts.repo;
  if (repo !== null) args.push('--repo', repo);
  if (opts.config !== undefined) {
    writeFileSync(join(data, 'config.json'), JSON.stringify(opts.config));
    args.push('--config', join(data, 'config.json'));
  }
  const s = await startServe(args);
  m.services.push(s);
  return s.url;
}

/** A node state directory WORK/NAME (0700) with CONFIG as its config.json (0600). */
export function nodeHome(m: Maintainer, name: string, config: object): string {
  const home = join(m.work, name);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return home;
}

/**
 * A node's `mesh subscribe` trusting the maintainer's first root and log key; not `strict` where a
 * suite looks only at the exit code of a subscribe that fails. The suites using it publish without
 * witnesses and serve no gossip, so it passes the explicit opt-outs (subscribe-attacks covers the
 * fail-closed defaults).
 */
export function subscribe(
  m: Maintainer,
  home: string,
  spec: string,
  mirror: string,
  opts: { strict?: boolean } = {},
): Promise<MeshRun> {
  const trust = ['--root', m.root, '--log-key', m.logKey, '--allow-no-witness', '--no-gossip'];
  return meshJson(['--state', home, 'subscribe', spec, '--mirror', mirror, ...trust], {
    ...strictFor(m),
    ...opts,
  });
}

/** Subscribes HOME to SPEC, which must succeed, and returns the verified pack the node now holds. */
export async function subscribedPack<T>(
  m: Maintainer,
  home: string,
  spec: string,
  mirror: string,
): Promise<T> {
  expectOk(await subscribe(m, home, spec, mirror));
  return JSON.parse(readFileSync(resolveSubscribedPack(home, spec), 'utf8')) as T;
}

/**
 * `mesh serve --role ROLES` (the timestamp role, alone or with others) on the maintainer's
 * repository, due at every check: more lead than the timestamp's one-day lifetime.
 */
export async function startTimestampRole(m: Maintainer, roles: string): Promise<ServeProcess> {
  const data = mkdtempSync(join(m.work, 'ts-'));
  const config = join(data, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ timestamp: { checkSeconds: 1, refreshBeforeSeconds: 2 * 86_400 } }),
  );
  const s = await startServe([
    '--role',
    roles,
    '--repo',
    m.repo,
    '--keys',
    m.keys,
    '--data',
    data,
    '--config',
    config,
  ]);
  m.services.push(s);
  return s;
}
