// `mesh verify` (docs/architecture.md "Publish"): a repository or mirror checked end to end through the one
// repository verifier (TUF 1.0.34 §5, log key, witness quorum, entries against the RFC 6962 root,
// gossip), then the auditor's extra rules: every target proven by its tlog-proof, every leaf
// against the file it names, every current metadata file in the log.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnvelopeBytes, parseTargets } from '../../tuf/index.js';
import { isMeshError } from '../../common/index.js';
import { PackError } from '../errors.js';
import { leafKey, parseLeaf, sha256Hex, type Leaf } from '../leaf.js';
import { LOGGED_ROLES } from '../publish/leaves.js';
import { VerifiedRepository } from './repository-verifier.js';
import type { RepoSource } from './source.js';
import type { GossipPolicy, LogTrust } from './trust-rules.js';

export interface VerifyReport {
  ok: boolean;
  /** The first refusal of the shared verifier, when it refused (then tuf and log are absent). */
  refused?: { code: string; message: string; hint?: string };
  tuf?: { trustedRoot: 'given' | 'first-seen'; versions: Record<string, number>; targets: number };
  log?: { origin: string; size: number; cosigners: string[]; leaves: number; gossip: string[] };
  /** What this run did not check, in plain words (no pinned root, no witness, no gossip). */
  unchecked: string[];
  problems: string[];
}

const MAX_METADATA = 2_000_000;

function uncheckedOf(trust: LogTrust, gossip: GossipPolicy, rootFile?: string): string[] {
  const out: string[] = [];
  if (rootFile === undefined)
    out.push(
      "no pinned root: the repository's own 1.root.json was trusted on first sight (give --root FILE)",
    );
  if (trust.witnesses.length === 0)
    out.push('no witness: the checkpoint was checked against no witness key (give --witness VKEY)');
  if (gossip.disabled === true)
    out.push('no gossip: split views were not looked for (give --gossip URL)');
  return out;
}

/**
 * Verifies the repository at `src` end to end; a refusal of the shared verifier is reported, not
 * thrown, so the auditor sees every problem it could find.
 *
 * @throws {PackError} pack_unreadable for a failure that is not a verdict (the root file or the
 *   scratch folder unreadable: an I/O error, kept as `cause`)
 * @example
 * const r = await verifyRepository(dirSource('./repo'), trust, { peers: [], disabled: true });
 * if (!r.ok) console.log(r.problems);
 */
export async function verifyRepository(
  src: RepoSource,
  trust: LogTrust,
  gossip: GossipPolicy,
  rootFile?: string,
): Promise<VerifyReport> {
  const unchecked = uncheckedOf(trust, gossip, rootFile);
  const dir = mkdtempSync(join(tmpdir(), 'mesh-verify-'));
  try {
    const root =
      rootFile !== undefined
        ? readFileSync(rootFile)
        : await src.get('metadata/1.root.json', MAX_METADATA);
    if (root === undefined)
      throw new PackError('tuf_refused', 'no metadata/1.root.json and no --root');
    writeFileSync(join(dir, 'root.json'), root);
    const repo = await VerifiedRepository.open({
      source: src,
      metadataDir: dir,
      downloadDir: dir,
      trust,
      gossip,
    });
    return { ...(await audit(src, repo, dir, rootFile)), unchecked };
  } catch (e) {
    if (!isMeshError(e))
      throw new PackError(
        'pack_unreadable',
        `the repository could not be verified: ${e instanceof Error ? e.message : String(e)}`,
        undefined,
        { cause: e },
      );
    const refused = {
      code: e.code,
      message: e.message,
      ...(e.hint !== undefined ? { hint: e.hint } : {}),
    };
    return { ok: false, refused, unchecked, problems: [`[${e.code}] ${e.message}`] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function audit(
  src: RepoSource,
  repo: VerifiedRepository,
  dir: string,
  rootFile: string | undefined,
): Promise<Omit<VerifyReport, 'unchecked'>> {
  const problems: string[] = [];
  const { log } = repo;
  const seen = new Map<string, Leaf>();
  for (const [i, e] of log.entries.entries()) {
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
  const rootEnv = parseEnvelopeBytes(readFileSync(join(dir, 'root.json')));
  const versions: Record<string, number> = { root: Number(rootEnv.signed.version) };
  let targets = 0;
  for (const [role, t] of repo.roles) {
    versions[role] = t.version;
    if (LOGGED_ROLES.has(role)) {
      const bytes = await src.get(`metadata/${t.version}.${role}.json`, MAX_METADATA);
      const l = seen.get(leafKey({ role, version: t.version, path: `${t.version}.${role}.json` }));
      if (bytes === undefined || l?.sha256 !== sha256Hex(bytes))
        problems.push(`${t.version}.${role}.json is not in the log`);
    }
    for (const path of t.targets.keys())
      try {
        await repo.target(path);
        targets++;
      } catch (err) {
        problems.push(`${path}: ${(err as Error).message}`);
      }
  }
  const cp = log.opened.checkpoint;
  return {
    ok: problems.length === 0,
    tuf: { trustedRoot: rootFile !== undefined ? 'given' : 'first-seen', versions, targets },
    log: {
      origin: cp.origin,
      size: cp.size,
      cosigners: log.cosigners,
      leaves: log.entries.length,
      gossip: log.gossip.map((g) => `${g.peer}: ${g.status}`),
    },
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
