// A mirror that seeds from an upstream (docs/architecture.md server roles) through the one repository
// verifier (packs: TUF 1.0.34 §5, log key, witness quorum, consistency with the last accepted
// checkpoint, RFC 6962 entries, gossip, every target's tlog-proof); only then are the verified bytes
// copied into the tree it serves (tiles, then timestamp last).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MemoryTree,
  leafHash,
  openCheckpoint,
  writeTiles,
  type NoteVerifier,
} from '../../log/index.js';
import {
  hashedName,
  mirrorSource,
  parseLeaf,
  PROOF_SUFFIX,
  sha256Hex,
  VerifiedRepository,
  type GossipPolicy,
  type Leaf,
  type RepoSource,
} from '../../packs/index.js';
import { writeRepository, type RepoFile } from '../../tuf/index.js';
import { StateError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { POLICY_QUORUM } from './refresh.js';

export interface SeedOptions {
  upstream: string;
  rootFile: string;
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>;
  /** Witnesses whose cosignatures the upstream checkpoint needs (the governance quorum). */
  witnesses: readonly NoteVerifier[];
  quorum: number;
  /** `mirror.allowNoWitness`: seed unwitnessed checkpoints (logged as a warning at start). */
  allowNoWitness: boolean;
  /** Gossip peers for split views; default: the upstream itself (fail closed when it does not answer). */
  gossip?: GossipPolicy;
  /** The directory the mirror serves. */
  served: string;
  /** Private working state: trusted TUF metadata, downloads, the accepted checkpoint. */
  work: string;
  intervalMs: number;
  onError: (e: unknown) => void;
  /** Called after each pass that verified and wrote everything. */
  onSeeded?: (r: { size: number; targets: number }) => void;
}

/** The upstream as a repository source that keeps every metadata file the TUF client fetched. */
class RecordingSource implements RepoSource {
  readonly seen = new Map<string, Uint8Array>();
  readonly base: string;
  constructor(private readonly inner: RepoSource) {
    this.base = inner.base;
  }
  async fetch(url: string, maxLength: number): Promise<Uint8Array> {
    const b = await this.inner.fetch(url, maxLength);
    this.seen.set(url, b);
    return b;
  }
  get(path: string, maxLength: number): Promise<Uint8Array | undefined> {
    return this.inner.get(path, maxLength);
  }
  tiles(): ReturnType<RepoSource['tiles']> {
    return this.inner.tiles();
  }
  close(): void {
    this.inner.close();
  }
}

/**
 * One seeding pass through the one repository verifier; throws (changing nothing served) unless
 * everything verifies.
 *
 * @throws {PackError} every refusal of VerifiedRepository (tuf_refused, quorum_not_met, ...)
 * @throws {StateError} state_invalid when the upstream log shrank or a file does not match its leaf
 */
export async function seedOnce(o: SeedOptions): Promise<{ size: number; targets: number }> {
  const up = o.upstream.replace(/\/+$/, '');
  const source = new RecordingSource(mirrorSource(up));
  try {
    const metadataDir = join(o.work, 'tuf');
    if (!existsSync(join(metadataDir, 'root.json'))) {
      mkdirSync(metadataDir, { recursive: true });
      writeFileAtomic(join(metadataDir, 'root.json'), readFileSync(o.rootFile));
    }
    mkdirSync(join(o.work, 'targets'), { recursive: true });
    const acceptedFile = join(o.work, 'checkpoint');
    const last = existsSync(acceptedFile) ? readFileSync(acceptedFile, 'utf8') : undefined;
    const repo = await VerifiedRepository.open({
      source,
      metadataDir,
      downloadDir: join(o.work, 'targets'),
      trust: {
        logKeys: o.logKeys,
        witnesses: o.witnesses,
        quorum: o.quorum,
        policyQuorum: POLICY_QUORUM,
        allowNoWitness: o.allowNoWitness,
      },
      gossip: o.gossip ?? { peers: [up] },
      ...(last !== undefined ? { lastAccepted: last } : {}),
    });
    const files: RepoFile[] = [];
    let targets = 0;
    for (const t of repo.roles.values())
      for (const path of t.targets.keys()) {
        const v = await repo.target(path);
        const name = `targets/${hashedName(path, v.leaf.sha256)}`;
        files.push(
          { path: name, bytes: v.bytes },
          { path: `${name}${PROOF_SUFFIX}`, bytes: new TextEncoder().encode(v.proof) },
        );
        targets++;
      }
    const { entries, opened, note } = repo.log;
    const size = opened.checkpoint.size;
    // a mirror never serves less than it served before
    const from = last === undefined ? 0 : openCheckpoint(last, o.logKeys).checkpoint.size;
    if (from > size) throw new StateError('state_invalid', 'upstream log shrank');
    files.push(...(await loggedMetadata(source, o.served, entries, files)));
    for (const [url, bytes] of source.seen)
      if (url.startsWith(`${up}/metadata/`))
        files.push({ path: `metadata/${url.slice(up.length + 10)}`, bytes });
    const tree = new MemoryTree();
    for (const e of entries) tree.append(leafHash(e));
    await writeTiles(
      join(o.served, 'log'),
      { tree, entries: (s, e) => Promise.resolve(entries.slice(s, e)) },
      from,
      size,
      note,
    );
    writeRepository(o.served, files);
    writeFileAtomic(acceptedFile, note);
    return { size, targets };
  } finally {
    source.close();
  }
}

/**
 * Earlier metadata versions the client did not need (so verify and rotating clients can read them),
 * each accepted only if its bytes match its leaf in the verified log.
 */
async function loggedMetadata(
  source: RepoSource,
  served: string,
  entries: readonly Uint8Array[],
  have: readonly RepoFile[],
): Promise<RepoFile[]> {
  const out: RepoFile[] = [];
  for (const e of entries) {
    let leaf: Leaf;
    try {
      leaf = parseLeaf(e);
    } catch {
      continue;
    }
    const path = `metadata/${leaf.path}`;
    if (leaf.path !== `${leaf.version}.${leaf.role}.json`) continue;
    if (existsSync(join(served, path)) || have.some((f) => f.path === path)) continue;
    const bytes = await source.get(path, leaf.length);
    if (bytes === undefined || bytes.length !== leaf.length || sha256Hex(bytes) !== leaf.sha256)
      throw new StateError('state_invalid', `upstream ${path} does not match its log leaf`);
    out.push({ path, bytes });
  }
  return out;
}

/** Seeds once before serving, then on an interval; returns a stop function. */
export async function startMirrorSeeding(o: SeedOptions): Promise<() => Promise<void>> {
  let running: Promise<unknown> = Promise.resolve();
  const pass = (): void => {
    running = seedOnce(o).then((r) => o.onSeeded?.(r), o.onError);
  };
  pass();
  await running;
  const timer = setInterval(pass, o.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
