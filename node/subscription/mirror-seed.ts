// A mirror that seeds from an upstream (docs/architecture.md server roles): it runs the TUF 1.0.34 §5 client
// against the upstream, downloads every target with its tlog-proof, rebuilds the log from its
// entries (RFC 6962) against a checkpoint signed by the log key and consistent with the last one it
// accepted, and only then copies the verified bytes into the tree it serves (timestamp last).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MemoryTree,
  TileReader,
  leafHash,
  openCheckpoint,
  parseTlogProof,
  readAllEntries,
  writeTiles,
  type NoteVerifier,
} from '../../log/index.js';
import {
  hashedName,
  leafBytes,
  loadAllRoles,
  parseLeaf,
  PROOF_SUFFIX,
  requireCosigned,
  sha256Hex,
  type Leaf,
} from '../../packs/index.js';
import {
  HttpFetcher,
  Updater,
  writeRepository,
  type Fetcher,
  type RepoFile,
} from '../../tuf/index.js';
import { StateError } from '../errors.js';
import { bytesEqual, writeFileAtomic } from '../../common/index.js';
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
  /** The directory the mirror serves. */
  served: string;
  /** Private working state: trusted TUF metadata, downloads, the accepted checkpoint. */
  work: string;
  intervalMs: number;
  onError: (e: unknown) => void;
  /** Called after each pass that verified and wrote everything. */
  onSeeded?: (r: { size: number; targets: number }) => void;
}

const MAX_PROOF_BYTES = 256 * 1024;

class RecordingFetcher implements Fetcher {
  readonly seen = new Map<string, Uint8Array>();
  constructor(private readonly inner: HttpFetcher) {}
  async fetch(url: string, maxLength: number): Promise<Uint8Array> {
    const b = await this.inner.fetch(url, maxLength);
    this.seen.set(url, b);
    return b;
  }
}

/** One seeding pass; throws (changing nothing served) unless everything verifies. */
export async function seedOnce(o: SeedOptions): Promise<{ size: number; targets: number }> {
  const up = o.upstream.replace(/\/+$/, '');
  const http = new HttpFetcher();
  const fetcher = new RecordingFetcher(http);
  try {
    const metadataDir = join(o.work, 'tuf');
    if (!existsSync(join(metadataDir, 'root.json'))) {
      mkdirSync(metadataDir, { recursive: true });
      writeFileAtomic(join(metadataDir, 'root.json'), readFileSync(o.rootFile));
    }
    const updater = new Updater({
      metadataDir,
      metadataBaseUrl: `${up}/metadata/`,
      targetBaseUrl: `${up}/targets/`,
      targetDir: join(o.work, 'targets'),
      fetcher,
    });
    await updater.refresh();
    const files: RepoFile[] = [];
    const leaves: { leaf: Leaf; proof: string }[] = [];
    for (const [role, t] of await loadAllRoles(updater, metadataDir)) {
      for (const [path] of t.targets) {
        const info = await updater.getTargetInfo(path);
        const sha = info?.hashes.sha256;
        if (info === undefined || sha === undefined) continue;
        const local = await updater.downloadTarget(info, join(o.work, 'targets', sha));
        const bytes = readFileSync(local);
        const name = `targets/${hashedName(path, sha)}`;
        const proofBytes = await http.fetch(`${up}/${name}${PROOF_SUFFIX}`, MAX_PROOF_BYTES);
        files.push({ path: name, bytes }, { path: `${name}${PROOF_SUFFIX}`, bytes: proofBytes });
        leaves.push({
          leaf: { role, version: t.version, path, sha256: sha, length: bytes.length },
          proof: new TextDecoder('utf-8', { fatal: true }).decode(proofBytes),
        });
      }
    }
    const { size, entries } = await seedLog(o, up, leaves);
    files.push(...(await loggedMetadata(http, up, o.served, entries, files)));
    for (const [url, bytes] of fetcher.seen)
      if (url.startsWith(`${up}/metadata/`))
        files.push({ path: `metadata/${url.slice(up.length + 10)}`, bytes });
    writeRepository(o.served, files);
    return { size, targets: leaves.length };
  } finally {
    http.close();
  }
}

/** Rebuilds the upstream log from its entries, checks every proof against it, writes the tiles. */
async function seedLog(
  o: SeedOptions,
  up: string,
  leaves: readonly { leaf: Leaf; proof: string }[],
): Promise<{ size: number; entries: Uint8Array[] }> {
  const reader = new TileReader(`${up}/log`);
  const note = await reader.checkpoint();
  const cp = openCheckpoint(note, o.logKeys).checkpoint;
  requireCosigned(note, {
    logKeys: o.logKeys,
    witnesses: o.witnesses,
    quorum: o.quorum,
    policyQuorum: POLICY_QUORUM,
    allowNoWitness: o.allowNoWitness,
  });
  const tree = new MemoryTree();
  const entries = await readAllEntries(reader, cp.size);
  for (const e of entries) tree.append(leafHash(e));
  if (!bytesEqual(tree.root(), cp.root))
    throw new StateError('state_invalid', 'upstream log entries do not hash to its checkpoint');
  const acceptedFile = join(o.work, 'checkpoint');
  let from = 0;
  if (existsSync(acceptedFile)) {
    const prev = openCheckpoint(readFileSync(acceptedFile, 'utf8'), o.logKeys).checkpoint;
    if (prev.size > cp.size) throw new StateError('state_invalid', 'upstream log shrank');
    // we hold every entry, so consistency is the old root recomputed from them (RFC 9162 §2.1.4)
    if (!bytesEqual(tree.root(prev.size), prev.root))
      throw new StateError(
        'state_invalid',
        'upstream log is not consistent with the last accepted',
      );
    from = prev.size;
  }
  for (const { leaf, proof } of leaves) {
    const p = parseTlogProof(proof);
    const pc = openCheckpoint(p.checkpoint, o.logKeys).checkpoint;
    const entry = entries[p.index];
    if (
      pc.size > cp.size ||
      entry === undefined ||
      !bytesEqual(entry, leafBytes(leaf)) ||
      !bytesEqual(tree.root(pc.size), pc.root)
    )
      throw new StateError(
        'state_invalid',
        `upstream proof for ${leaf.path} does not match its log`,
      );
  }
  await writeTiles(
    join(o.served, 'log'),
    { tree, entries: (s, e) => Promise.resolve(entries.slice(s, e)) },
    from,
    cp.size,
    note,
  );
  writeFileAtomic(acceptedFile, note);
  return { size: cp.size, entries };
}

/**
 * Earlier metadata versions the client did not need (so verify and rotating clients can read them),
 * each accepted only if its bytes match its leaf in the verified log.
 */
async function loggedMetadata(
  http: HttpFetcher,
  up: string,
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
    const bytes = await http.fetch(`${up}/${path}`, leaf.length);
    if (bytes.length !== leaf.length || sha256Hex(bytes) !== leaf.sha256)
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
