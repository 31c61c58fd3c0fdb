// Durable atomic file replacement (docs/architecture.md "Rules every room follows"): temp, fsync, rename, fsync dir.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode of the new file; key and secret-holding files use 0o600. */
  mode?: number;
}

export interface AtomicWriteAsyncOptions extends AtomicWriteOptions {
  /**
   * `false`: the caller owns the directory: it must exist (it is not created) and it is not synced;
   * the caller makes the rename durable with `fsyncDir(dirname(path))` before it relies on it, one
   * sync for every file of that directory written together. The file is always whole (old or new
   * contents) either way.
   */
  syncDir?: boolean;
}

/** Writes all of `buf` at the descriptor's position (writeSync may write less than asked). */
function writeAll(fd: number, buf: Uint8Array): void {
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

function tempSibling(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Makes a directory entry change (create, rename, unlink) durable. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `data` to a synced temporary sibling of `path`, lets `place` put it in position (rename or
 * link), removes what is left of the temporary file and syncs the directory; returns `place`'s answer.
 */
function placeSynced<T>(
  path: string,
  data: Uint8Array | string,
  opts: AtomicWriteOptions,
  place: (tmp: string) => T,
): T {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = tempSibling(path);
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const fd = openSync(tmp, 'wx', opts.mode ?? 0o644);
  let placed: T;
  try {
    writeAll(fd, buf);
    fsyncSync(fd);
    closeSync(fd);
    placed = place(tmp);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  fsyncDir(dir);
  return placed;
}

/**
 * After this returns `path` holds `data`; if the process dies first, its old contents.
 *
 * @throws {NodeJS.ErrnoException} the file system's own codes (ENOENT for a missing directory,
 * EACCES, ENOSPC); the temporary file is removed and `path` keeps its old contents
 * @example
 * writeFileAtomic('/var/lib/mesh/state.json', JSON.stringify(state), { mode: 0o600 });
 */
export function writeFileAtomic(
  path: string,
  data: Uint8Array | string,
  opts: AtomicWriteOptions = {},
): void {
  placeSynced(path, data, opts, (tmp) => {
    renameSync(tmp, path);
  });
}

/**
 * Creates `path` holding `data` unless it already exists, durably; concurrent first callers agree
 * on one file because link() never replaces one. Returns whether this call created it.
 *
 * @example
 * createFileOnce(join(dir, 'flow.secret'), randomBytes(32), { mode: 0o600 });
 */
export function createFileOnce(
  path: string,
  data: Uint8Array | string,
  opts: AtomicWriteOptions = {},
): boolean {
  return placeSynced(path, data, opts, (tmp) => {
    try {
      linkSync(tmp, path);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return false;
    }
  });
}

/** Removes a file and makes the removal durable. */
export function removeFileDurably(path: string): void {
  rmSync(path, { force: true });
  fsyncDir(dirname(path));
}

async function fsyncDirAsync(dir: string): Promise<void> {
  const h = await open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/**
 * The same guarantee as writeFileAtomic, off the event loop: several in flight let the file
 * system merge their syncs into one journal commit.
 */
export async function writeFileAtomicAsync(
  path: string,
  data: Uint8Array | string,
  opts: AtomicWriteAsyncOptions = {},
): Promise<void> {
  const dir = dirname(path);
  const ownDir = opts.syncDir !== false;
  if (ownDir) await mkdir(dir, { recursive: true });
  const tmp = tempSibling(path);
  const h = await open(tmp, 'wx', opts.mode ?? 0o644);
  try {
    await h.writeFile(data);
    await h.sync();
    await h.close();
    await rename(tmp, path);
  } catch (e) {
    await h.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw e;
  }
  if (ownDir) await fsyncDirAsync(dir);
}

/** Removes a file and makes the removal durable, off the event loop. */
export async function removeFileDurablyAsync(path: string): Promise<void> {
  await rm(path, { force: true });
  await fsyncDirAsync(dirname(path));
}
