// An append-only RFC 6962 log with a batching sequencer: appends that arrive while a batch is being
// synced form the next batch; every batch is one synced write with its signed checkpoint
// (c2sp.org/tlog-checkpoint), so no size is ever signed with two different roots. The tree's nodes
// are kept durably beside the entries (file-tree.ts), so opening reads the right edge of the tree,
// not every entry.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { formatCheckpoint, parseCheckpoint } from './checkpoint.js';
import { LogError, StorageError } from './errors.js';
import { leafHash } from './hash.js';
import { FileTree } from './file-tree.js';
import { LogStore } from './log-store.js';
import { openNote, signNote } from './note.js';
import { ed25519Verifier, type Ed25519NoteSigner } from './ed25519-key.js';
import { bytesEqual } from '../common/index.js';

export interface LogOptions {
  dir: string;
  origin: string;
  signer: Ed25519NoteSigner;
  /** Most entries per synced batch (default 4096). */
  maxBatch?: number;
  /** tlog-tiles entry bundles prefix entries with a u16 length: at most 65535 bytes. */
  maxEntryBytes?: number;
}

export interface Appended {
  index: number;
  /** The signed checkpoint of the batch that made this entry durable. */
  checkpoint: string;
}

interface Pending {
  entry: Uint8Array;
  resolve: (a: Appended) => void;
  reject: (e: unknown) => void;
}

/** The tree's nodes, inside the store's folder (level leaves files it does not name alone). */
const TREE_FILE = 'mesh-tree.hashes';

export class AppendableLog {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private failed: unknown = undefined;
  private latest = '';
  private readonly listeners = new Set<(checkpoint: string, size: number) => void>();

  private constructor(
    private readonly store: LogStore,
    /** Every complete node of the tree at the durable size (and of appends being committed). */
    readonly tree: FileTree,
    private readonly opts: Required<LogOptions>,
  ) {}

  static async open(options: LogOptions): Promise<AppendableLog> {
    const opts = { maxBatch: 4096, maxEntryBytes: 65535, ...options };
    const store = await LogStore.open(opts.dir, opts.origin);
    let tree: FileTree | undefined;
    try {
      const { size, checkpoint } = await store.state();
      const path = join(opts.dir, TREE_FILE);
      const leaves = (from: number, to: number, fn: (h: Uint8Array) => void): Promise<void> =>
        store.scan(from, to, (entry) => {
          fn(leafHash(entry));
        });
      tree = await FileTree.open(path, size, leaves);
      const cp = checkpoint === undefined ? undefined : verifiedCheckpoint(checkpoint, opts);
      if (cp !== undefined && !bytesEqual(cp.root, tree.root(size))) {
        // The tree file disagrees with the signed checkpoint: rebuild it from the entries once.
        tree.close();
        tree = undefined;
        rmSync(path, { force: true });
        tree = await FileTree.open(path, size, leaves);
      }
      const log = new AppendableLog(store, tree, opts);
      await log.recover(size, checkpoint);
      return log;
    } catch (e) {
      tree?.close();
      await store.close();
      throw e;
    }
  }

  /** Checks the tree against the stored checkpoint (or signs the first, empty one). */
  private async recover(size: number, checkpoint: string | undefined): Promise<void> {
    if (checkpoint === undefined) {
      if (size !== 0) throw new StorageError('storage_corrupt', 'entries without a checkpoint');
      this.latest = this.sign();
      await this.store.commit(0, [], this.latest);
      return;
    }
    const cp = verifiedCheckpoint(checkpoint, this.opts);
    if (cp.size !== size || !bytesEqual(cp.root, this.tree.root()))
      throw new StorageError('storage_corrupt', 'stored checkpoint does not match stored entries');
    this.latest = checkpoint;
  }

  get origin(): string {
    return this.opts.origin;
  }

  get size(): number {
    return this.tree.size;
  }

  /** The latest signed checkpoint (durable). */
  checkpoint(): string {
    return this.latest;
  }

  onCheckpoint(fn: (checkpoint: string, size: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  append(entry: Uint8Array): Promise<Appended> {
    if (this.failed !== undefined)
      return Promise.reject(
        new LogError('log_closed', 'the log stopped after a failed write; reopen it'),
      );
    if (entry.length > this.opts.maxEntryBytes)
      return Promise.reject(
        new LogError('entry_too_large', `entry is over ${this.opts.maxEntryBytes} bytes`),
      );
    return new Promise((resolve, reject) => {
      this.queue.push({ entry: Uint8Array.from(entry), resolve, reject });
      this.kick();
    });
  }

  entries(start: number, end: number): Promise<Uint8Array[]> {
    return this.store.entries(start, end);
  }

  async close(): Promise<void> {
    this.failed ??= new LogError('log_closed', 'the log is closed');
    while (this.flushing || this.scheduled) await new Promise((r) => setTimeout(r, 5));
    for (const p of this.queue.splice(0)) p.reject(this.failed);
    await this.store.close();
    this.tree.close();
  }

  private sign(): string {
    const text = formatCheckpoint({
      origin: this.opts.origin,
      size: this.tree.size,
      root: this.tree.root(),
      extensions: [],
    });
    return signNote(text, [this.opts.signer]);
  }

  private kick(): void {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0 && this.failed === undefined)
        await this.commit(this.queue.splice(0, this.opts.maxBatch));
    } finally {
      this.flushing = false;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    const start = this.tree.size;
    for (const p of batch) this.tree.append(leafHash(p.entry));
    const note = this.sign();
    try {
      // The nodes first: a crash before the store's batch leaves nodes past the durable size,
      // which the next open cuts off; never a durable size without its nodes.
      this.tree.flush();
      await this.store.commit(
        start,
        batch.map((p) => p.entry),
        note,
      );
    } catch (e) {
      // the write may or may not be on disk: stop, so a reopen decides from what the disk holds
      this.tree.truncate(start);
      this.failed = e;
      for (const p of [...batch, ...this.queue.splice(0)]) p.reject(e);
      return;
    }
    this.latest = note;
    batch.forEach((p, k) => {
      p.resolve({ index: start + k, checkpoint: note });
    });
    for (const fn of this.listeners) fn(note, this.tree.size);
  }
}

function verifiedCheckpoint(
  checkpoint: string,
  opts: Required<LogOptions>,
): ReturnType<typeof parseCheckpoint> {
  const { name, publicKey } = opts.signer;
  return parseCheckpoint(openNote(checkpoint, [ed25519Verifier(name, publicKey)]).text);
}
