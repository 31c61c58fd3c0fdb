// Writing and reading the static repository directory (docs/architecture.md layout for TUF 1.0.34 metadata).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { TufError } from '../errors.js';
import { parseEnvelopeBytes, type Envelope } from '../metadata/envelope.js';
import { parseRoot } from '../metadata/root.js';
import { parseSnapshot } from '../metadata/snapshot.js';
import { parseTargets, type Targets } from '../metadata/targets.js';
import { parseTimestamp } from '../metadata/timestamp.js';
import type { ExpiryPolicy } from './expiry-policy.js';
import { Repository, type RepoFile } from './repository.js';

/**
 * Writes what `Repository.publish` returned under `dir`, each file atomically: targets first,
 * metadata last, timestamp very last, so a reader never sees metadata ahead of its files.
 *
 * @throws {NodeJS.ErrnoException} the file system's codes (EACCES, ENOSPC); files already
 * written stay, and the old timestamp.json still names a complete older state
 * @example
 * writeRepository('/srv/tuf', repo.publish(signers));
 */
export function writeRepository(dir: string, files: readonly RepoFile[]): void {
  const rank = (p: string): number =>
    p.startsWith('targets/')
      ? 0
      : p.endsWith('timestamp.json')
        ? 3
        : p === 'metadata/root.json'
          ? 2
          : 1;
  for (const f of [...files].sort((a, b) => rank(a.path) - rank(b.path))) {
    writeFileAtomic(join(dir, f.path), f.bytes);
  }
}

function read(dir: string, file: string): Envelope {
  try {
    return parseEnvelopeBytes(readFileSync(join(dir, 'metadata', file)));
  } catch (e) {
    if (e instanceof TufError) throw e;
    throw new TufError(
      'repository_invalid',
      `cannot read metadata/${file}: ${(e as Error).message}`,
      { cause: e },
    );
  }
}

/**
 * Opens the repository at `dir`: newest root, current timestamp, and what snapshot names.
 *
 * @throws {TufError} repository_invalid (no N.root.json, or a file named cannot be read),
 * json_invalid, metadata_invalid, metadata_type_mismatch
 * @throws {NodeJS.ErrnoException} ENOENT when `dir`/metadata does not exist
 * @example
 * const repo = openRepository('/srv/tuf');
 * repo.addTarget('targets', 'packs/core.json', packBytes);
 * writeRepository('/srv/tuf', repo.publish(signers));
 */
export function openRepository(dir: string, expiry?: ExpiryPolicy): Repository {
  const roots = readdirSync(join(dir, 'metadata'))
    .map((f) => /^(\d+)\.root\.json$/.exec(f)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number);
  if (roots.length === 0)
    throw new TufError('repository_invalid', `no N.root.json in ${dir}/metadata`);
  const rootEnv = read(dir, `${Math.max(...roots)}.root.json`);
  const root = parseRoot(rootEnv.signed);
  const tsEnv = read(dir, 'timestamp.json');
  const timestamp = parseTimestamp(tsEnv.signed);
  const at = (name: string, v: number): string =>
    root.consistentSnapshot ? `${v}.${name}.json` : `${name}.json`;
  const snapEnv = read(dir, at('snapshot', timestamp.snapshotMeta.version));
  const snapshot = parseSnapshot(snapEnv.signed);
  const targets = new Map<string, Targets>();
  const envs = new Map<string, Envelope>([
    ['root', rootEnv],
    ['timestamp', tsEnv],
    ['snapshot', snapEnv],
  ]);
  for (const [file, meta] of snapshot.meta) {
    const name = file.replace(/\.json$/, '');
    const env = read(dir, at(name, meta.version));
    targets.set(name, parseTargets(env.signed));
    envs.set(name, env);
  }
  const repo = new Repository(root, timestamp, snapshot, targets, expiry);
  for (const [name, env] of envs) repo.envelopes.set(name, env);
  return repo;
}
