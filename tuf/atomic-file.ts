// Durable file replacement for trusted metadata (TUF 1.0.34 §5: a half-written file is never trusted).
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** After this returns `path` holds `data`; if the process dies first, its old contents. */
export function writeFileAtomic(path: string, data: Uint8Array | string, mode = 0o644): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const fd = openSync(tmp, 'wx', mode);
  try {
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  fsyncDir(dir);
}

/** Removes a file durably (used when §5.3.11 discards timestamp and snapshot). */
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
 * The same guarantee as writeFileAtomic, off the event loop: several of these in flight let the
 * file system merge their syncs into one journal commit.
 */
export async function writeFileAtomicAsync(
  path: string,
  data: Uint8Array,
  mode = 0o644,
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const h = await open(tmp, 'wx', mode);
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
  await fsyncDirAsync(dir);
}

export async function removeFileDurablyAsync(path: string): Promise<void> {
  await rm(path, { force: true });
  await fsyncDirAsync(dirname(path));
}
