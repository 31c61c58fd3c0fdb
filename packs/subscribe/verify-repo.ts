// `mesh verify` (docs/architecture.md "Publish"): a repository or mirror checked end to end. TUF 1.0.34 §5 from
// the trusted root through every delegated role and target; the log's checkpoint (signed-note, log
// key and witness cosignatures), its entries against its RFC 6962 root, every leaf against the file
// it names, every current file and target against its leaf, and every target's tlog-proof.
import { PackError } from '../errors.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  countCosigners,
  leafHash,
  MemoryTree,
  openCheckpoint,
  readAllEntries,
  verifyTlogProof,
} from '../../log/index.js';
import { parseEnvelopeBytes, parseTargets, Updater } from '../../tuf/index.js';
import { leafBytes, leafKey, parseLeaf, sha256Hex, type Leaf } from '../leaf.js';
import { hashedName, PROOF_SUFFIX } from '../publish/paths.js';
import { LOGGED_ROLES } from '../publish/leaves.js';
import type { RepoSource } from './source.js';
import { loadAllRoles } from './trusted-roles.js';
import { requiredQuorum, type LogTrust } from './trust-rules.js';
import { bytesEqual } from '../../common/index.js';

export interface VerifyReport {
  ok: boolean;
  tuf: { trustedRoot: 'given' | 'first-seen'; versions: Record<string, number>; targets: number };
  log: { origin: string; size: number; cosigners: string[]; leaves: number };
  problems: string[];
}

const MAX_METADATA = 2_000_000;
async function checkTuf(src: RepoSource, rootFile: string | undefined, problems: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-verify-'));
  try {
    const root =
      rootFile !== undefined
        ? readFileSync(rootFile)
        : await src.get('metadata/1.root.json', MAX_METADATA);
    if (root === undefined)
      throw new PackError('tuf_refused', 'no metadata/1.root.json and no --root');
    writeFileSync(join(dir, 'root.json'), root);
    const updater = new Updater({
      metadataDir: dir,
      metadataBaseUrl: new URL('metadata/', src.base).href,
      targetBaseUrl: new URL('targets/', src.base).href,
      targetDir: dir,
      fetcher: src,
    });
    await updater.refresh();
    const roles = await loadAllRoles(updater, dir);
    let targets = 0;
    for (const t of roles.values())
      for (const path of t.targets.keys()) {
        const info = await updater.getTargetInfo(path);
        if (info === undefined) problems.push(`${path}: listed but not reachable by delegation`);
        else
          try {
            await updater.downloadTarget(info, join(dir, `t-${String(targets)}`));
            targets++;
          } catch (e) {
            problems.push(`${path}: ${(e as Error).message}`);
          }
      }
    const rootEnv = parseEnvelopeBytes(readFileSync(join(dir, 'root.json')));
    const versions: Record<string, number> = { root: Number(rootEnv.signed.version) };
    for (const [name, t] of roles) versions[name] = t.version;
    return { roles, versions, targets, rootBytes: readFileSync(join(dir, 'root.json')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function verifyRepository(
  src: RepoSource,
  trust: LogTrust,
  rootFile?: string,
): Promise<VerifyReport> {
  const problems: string[] = [];
  const tuf = await checkTuf(src, rootFile, problems);
  const tiles = src.tiles();
  const note = await tiles.checkpoint();
  const cp = openCheckpoint(note, trust.logKeys).checkpoint;
  const cosigners = countCosigners(note, trust.witnesses);
  let quorum = trust.quorum;
  try {
    quorum = requiredQuorum(trust);
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (cosigners.length < quorum)
    problems.push(`checkpoint cosigned by ${cosigners.length} of the required ${quorum} witnesses`);
  const entries = await readAllEntries(tiles, cp.size);
  const tree = new MemoryTree();
  for (const e of entries) tree.append(leafHash(e));
  if (!bytesEqual(tree.root(), cp.root))
    problems.push('log entries do not hash to the checkpoint root');
  const seen = new Map<string, Leaf>();
  for (const [i, e] of entries.entries()) {
    let leaf: Leaf;
    try {
      leaf = parseLeaf(e);
    } catch (err) {
      problems.push(`entry ${i}: ${(err as Error).message}`);
      continue;
    }
    const prior = seen.get(leafKey(leaf));
    if (prior !== undefined && prior.sha256 !== leaf.sha256)
      problems.push(`entry ${i}: a second file for ${leafKey(leaf)}`);
    seen.set(leafKey(leaf), leaf);
    await checkLeaf(src, leaf, problems, i);
  }
  for (const [role, version] of Object.entries(tuf.versions)) {
    if (!LOGGED_ROLES.has(role)) continue;
    const bytes = await src.get(`metadata/${version}.${role}.json`, MAX_METADATA);
    const l = seen.get(leafKey({ role, version, path: `${version}.${role}.json` }));
    if (bytes === undefined || l?.sha256 !== sha256Hex(bytes))
      problems.push(`${version}.${role}.json is not in the log`);
  }
  for (const [role, t] of tuf.roles)
    for (const [path, info] of t.targets) {
      const sha256 = info.hashes.sha256 ?? '';
      const leaf: Leaf = { role, version: t.version, path, sha256, length: info.length };
      if (seen.get(leafKey(leaf))?.sha256 !== sha256) problems.push(`${path}: not in the log`);
      const proof = await src.get(`targets/${hashedName(path, sha256)}${PROOF_SUFFIX}`, 256 * 1024);
      if (proof === undefined) problems.push(`${path}: no tlog-proof`);
      else
        try {
          verifyTlogProof(new TextDecoder().decode(proof), leafHash(leafBytes(leaf)), {
            ...trust,
            quorum,
          });
        } catch (err) {
          problems.push(`${path}: tlog-proof: ${(err as Error).message}`);
        }
    }
  return {
    ok: problems.length === 0,
    tuf: {
      trustedRoot: rootFile !== undefined ? 'given' : 'first-seen',
      versions: tuf.versions,
      targets: tuf.targets,
    },
    log: { origin: cp.origin, size: cp.size, cosigners, leaves: entries.length },
    problems,
  };
}

/** A leaf names a metadata file that must exist with its hash, or a target its role version lists. */
async function checkLeaf(
  src: RepoSource,
  leaf: Leaf,
  problems: string[],
  i: number,
): Promise<void> {
  const own = `${leaf.version}.${leaf.role}.json`;
  if (leaf.path === own) {
    const bytes = await src.get(`metadata/${own}`, MAX_METADATA);
    if (bytes === undefined || sha256Hex(bytes) !== leaf.sha256 || bytes.length !== leaf.length)
      problems.push(`entry ${i}: metadata/${own} does not match its leaf`);
    return;
  }
  const meta = await src.get(`metadata/${own}`, MAX_METADATA);
  if (meta === undefined) {
    problems.push(`entry ${i}: ${own} (which lists ${leaf.path}) is not served`);
    return;
  }
  const info = parseTargets(parseEnvelopeBytes(meta).signed).targets.get(leaf.path);
  if (info?.hashes.sha256 !== leaf.sha256 || info.length !== leaf.length)
    problems.push(`entry ${i}: ${own} does not list ${leaf.path} as logged`);
}
