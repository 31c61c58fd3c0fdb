// An append-only RFC 6962 log with a batching sequencer: appends that arrive while a batch is being
// synced form the next batch; every batch is one synced write with its signed checkpoint
// (c2sp.org/tlog-checkpoint), so no size is ever signed with two different roots.
import { formatCheckpoint, parseCheckpoint } from './checkpoint.js';
import { LogError, StorageError } from './errors.js';
import { leafHash } from './hash.js';
import { LogStore } from './log-store.js';
import { MemoryTree } from './memory-tree.js';
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

export class AppendableLog {
  readonly tree = new MemoryTree();
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private failed: unknown = undefined;
  private latest = '';
  private readonly listeners = new Set<(checkpoint: string, size: number) => void>();

  private constructor(
    private readonly store: LogStore,
    private readonly opts: Required<LogOptions>,
  ) {}

  static async open(options: LogOptions): Promise<AppendableLog> {
    const opts = { maxBatch: 4096, maxEntryBytes: 65535, ...options };
    const store = await LogStore.open(opts.dir, opts.origin);
    const log = new AppendableLog(store, opts);
    try {
      await log.recover();
    } catch (e) {
      await store.close();
      throw e;
    }
    return log;
  }

  /** Rebuilds the tree from the stored entries and checks it against the stored checkpoint. */
  private async recover(): Promise<void> {
    const { size, checkpoint } = await this.store.state();
    await this.store.scan(0, size, (entry) => {
      this.tree.append(leafHash(entry));
    });
    if (checkpoint === undefined) {
      if (size !== 0) throw new StorageError('storage_corrupt', 'entries without a checkpoint');
      this.latest = this.sign();
      await this.store.commit(0, [], this.latest);
      return;
    }
    const { name, publicKey } = this.opts.signer;
    const note = openNote(checkpoint, [ed25519Verifier(name, publicKey)]);
    const cp = parseCheckpoint(note.text);
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
