// What a client's trusted metadata dir must look like after any crash (TUF 1.0.34 §5): every file
// verified under the root chain it was trusted by, no version going backwards, temp files ignored.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parseEnvelopeBytes,
  parseSnapshot,
  parseTargets,
  parseTimestamp,
  TrustedSet,
  verifyThreshold,
  type JsonObject,
  type Root,
} from '../../../tuf/index.js';

const ROLE_FILES = ['root.json', 'timestamp.json', 'snapshot.json', 'targets.json'] as const;
/** The temp names of common/atomic-file.ts: `.<file>.<random hex>.tmp`. */
const TEMP_FILE = /^\.(?:root|timestamp|snapshot|targets)\.json\.[0-9a-f]{12}\.tmp$/;

export interface DirReport {
  /** Version per role file present. */
  versions: Map<string, number>;
  tempFiles: number;
}

/** The roots 1..`version` the repository published, each verified by its predecessor (§5.3.4). */
function rootChain(repoDir: string, storedRoot: Uint8Array): Root[] {
  const first = readFileSync(join(repoDir, 'metadata', '1.root.json'));
  const set = new TrustedSet(first, Date.now());
  const chain = [set.root.signed];
  const target = parseEnvelopeBytes(storedRoot).signed.version;
  if (typeof target !== 'number') throw new Error('root.json has no version');
  for (let v = 2; v <= target; v++) {
    chain.push(set.updateRoot(readFileSync(join(repoDir, 'metadata', `${v}.root.json`))));
  }
  if (!Buffer.from(set.root.bytes).equals(Buffer.from(storedRoot))) {
    throw new Error(`root.json is not the repository's ${target}.root.json byte for byte`);
  }
  return chain;
}

const PARSERS = {
  'timestamp.json': (s: JsonObject) => parseTimestamp(s).version,
  'snapshot.json': (s: JsonObject) => parseSnapshot(s).version,
  'targets.json': (s: JsonObject) => parseTargets(s).version,
} as const;

/**
 * Throws unless `dir` is a consistent trusted state: root.json is on the repository's verified root
 * chain, every other role file parses and meets its threshold under some root of that chain (a file
 * trusted before a key rotation stays until it is replaced, as in python-tuf), no file's version is
 * below `previous`, and nothing but role files and atomic-write temp files is present.
 */
export function checkTrustedDir(
  dir: string,
  repoDir: string,
  previous: ReadonlyMap<string, number>,
): DirReport {
  const versions = new Map<string, number>();
  let tempFiles = 0;
  for (const name of readdirSync(dir)) {
    if (TEMP_FILE.test(name)) tempFiles++;
    else if (!(ROLE_FILES as readonly string[]).includes(name))
      throw new Error(`unexpected file ${name} in the metadata dir`);
  }
  const rootPath = join(dir, 'root.json');
  if (!existsSync(rootPath)) throw new Error('root.json is missing');
  const chain = rootChain(repoDir, readFileSync(rootPath));
  const newest = chain[chain.length - 1];
  if (newest === undefined) throw new Error('empty root chain');
  versions.set('root.json', newest.version);
  for (const file of ['timestamp.json', 'snapshot.json', 'targets.json'] as const) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const env = parseEnvelopeBytes(readFileSync(path));
    versions.set(file, PARSERS[file](env.signed));
    const role = file.replace('.json', '') as 'timestamp' | 'snapshot' | 'targets';
    const trustedBy = chain.some((root) => {
      try {
        verifyThreshold(role, root.roles[role], root.keys, env);
        return true;
      } catch {
        return false;
      }
    });
    if (!trustedBy) throw new Error(`${file} is not signed by any trusted root's ${role} keys`);
  }
  for (const [file, v] of versions) {
    const before = previous.get(file);
    if (before !== undefined && v < before)
      throw new Error(`${file} went back from version ${before} to ${v}`);
  }
  return { versions, tempFiles };
}

/** Highest version seen per file over all rounds (a file removed by §5.3.11 keeps its mark). */
export function mergeVersions(into: Map<string, number>, report: DirReport): Map<string, number> {
  for (const [f, v] of report.versions) into.set(f, Math.max(v, into.get(f) ?? 0));
  return into;
}
