// Where a TUF 1.0.34 §5 client keeps trusted metadata: <dir>/<quoted role>.json, every file written
// atomically (temp, rename). root, timestamp and snapshot are also durable (the temp file synced
// before its rename): they carry the trust and the versions that stop a rollback (§5.3-§5.5).
// Targets metadata is a cache the trusted snapshot vouches for (§5.6.2-§5.6.4 check every stored
// copy as a download), so it is not synced: after a power loss a torn one fails those checks and is
// fetched again (§5.6.1). Writes run in the background in per-file order (a queued write superseded
// by a newer one for the same file is dropped); `flush` awaits them all and then syncs the directory
// once for the durable renames, and the updater flushes before it reports any outcome, so a success
// is never reported ahead of the disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir, removeFileDurablyAsync, writeFileAtomicAsync } from '../../common/index.js';
import { replaceFile } from './replace-file.js';

/** Percent-encodes every byte but [A-Za-z0-9_.~-], as python-tuf does for file names and URLs. */
export function quoteName(name: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(name)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export class MetadataStore {
  private readonly pending = new Map<string, Promise<void>>();
  private readonly queued = new Map<string, () => Promise<void>>();
  /** A file was renamed into the directory since the last flush: its entry is not yet durable. */
  private renamed = false;

  constructor(readonly dir: string) {}

  path(role: string): string {
    return join(this.dir, `${quoteName(role)}.json`);
  }

  /** The stored bytes, or undefined when there are none. */
  read(role: string): Uint8Array | undefined {
    try {
      return readFileSync(this.path(role));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  private enqueue(path: string, op: () => Promise<void>): void {
    // Only the newest not-yet-started operation per file runs: a walk through 256 roots costs one
    // or two durable writes, and the file on disk is still always one whole trusted version.
    const waiting = this.queued.has(path);
    this.queued.set(path, op);
    if (waiting) return;
    const prev = this.pending.get(path) ?? Promise.resolve();
    const next = prev.then(() => {
      const newest = this.queued.get(path);
      this.queued.delete(path);
      return newest?.();
    });
    // A failure is reported by flush(); this keeps it from being an unhandled rejection meanwhile.
    next.catch(() => undefined);
    this.pending.set(path, next);
  }

  /** Stores a root, timestamp or snapshot: whole and durable once flushed. */
  write(role: string, bytes: Uint8Array): void {
    const path = this.path(role);
    // Each file is synced before its rename; flush syncs the directory once for all of them.
    this.enqueue(path, async () => {
      await writeFileAtomicAsync(path, bytes, { syncDir: false });
      this.renamed = true;
    });
  }

  /** Stores a targets role (top-level or delegated): whole, not synced (see the header). */
  writeCache(role: string, bytes: Uint8Array): void {
    const path = this.path(role);
    this.enqueue(path, () => {
      replaceFile(path, bytes);
      return Promise.resolve();
    });
  }

  remove(role: string): void {
    const path = this.path(role);
    this.enqueue(path, () => removeFileDurablyAsync(path));
  }

  /** Resolves once every write so far is durable; rejects with the first failure. */
  async flush(): Promise<void> {
    const all = [...this.pending.values()];
    this.pending.clear();
    const settled = await Promise.allSettled(all);
    // The writes that did succeed are made durable even when another failed.
    if (this.renamed) {
      this.renamed = false;
      fsyncDir(this.dir);
    }
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}
