// RFC 6962 §2.1 over an append-only sequence whose complete nodes live in one durable file, in the
// order appends complete them (post-order): opening it costs a few reads of the right edge, not a
// hash of every entry. Only the frontier is kept in memory; any node is one positional read.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { ProofError, StorageError } from './errors.js';
import { HASH_SIZE, nodeHash } from './hash.js';
import { HashTree } from './hash-tree.js';

function popcount(n: number): number {
  let c = 0;
  for (let x = n; x > 0; x = Math.floor(x / 2)) c += x % 2;
  return c;
}

function trailingZeros(n: number): number {
  let z = 0;
  for (let x = n; x > 0 && x % 2 === 0; x /= 2) z++;
  return z;
}

/** How many complete nodes a tree of `size` leaves has: 2·size − popcount(size). */
export const nodesFor = (size: number): number => 2 * size - popcount(size);

/**
 * Where node (level, index) stands in append order: appending leaf end−1 (end = (index+1)·2^level)
 * completes the nodes of levels 0..tz(end) in turn, the last of them at nodesFor(end) − 1.
 */
export function nodePosition(level: number, index: number): number {
  const end = (index + 1) * 2 ** level;
  return nodesFor(end) - 1 - (trailingZeros(end) - level);
}

/** The largest size whose nodes all fit in the first `nodes` positions. */
function sizeWithin(nodes: number, atMost: number): number {
  let lo = 0;
  let hi = atMost;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (nodesFor(mid) <= nodes) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Calls `fn` with the leaf hash of each entry in [from, to), in order. */
export type LeafSource = (
  from: number,
  to: number,
  fn: (leafHash: Uint8Array) => void,
) => Promise<void>;

export class FileTree extends HashTree {
  private treeSize = 0;
  /** Nodes written to the file; `pending` holds those appended since, in the same order. */
  private written = 0;
  private pending: Uint8Array[] = [];
  /** left[l]: the last node of level l when it is a left child still waiting for its sibling. */
  private left: (Uint8Array | undefined)[] = [];

  private constructor(private readonly fd: number) {
    super();
  }

  /**
   * Opens the tree file at `path` for a log whose durable size is `size`. Nodes past that size (an
   * append that never committed) are cut off; nodes missing (a new file, or one older than the
   * store) are rebuilt from `leaves`, so a store written before this file existed migrates once.
   */
  static async open(path: string, size: number, leaves: LeafSource): Promise<FileTree> {
    const fd = openSync(path, existsSync(path) ? 'r+' : 'w+', 0o644);
    const t = new FileTree(fd);
    try {
      // Whole nodes up to the durable size are the tree; a torn or uncommitted tail is cut off.
      const bytes = fstatSync(fd).size;
      const from = sizeWithin(Math.floor(bytes / HASH_SIZE), size);
      const keep = nodesFor(from);
      if (bytes !== keep * HASH_SIZE) ftruncateSync(fd, keep * HASH_SIZE);
      t.written = keep;
      t.treeSize = from;
      t.loadFrontier();
      if (from < size) {
        await leaves(from, size, (h) => {
          t.append(h);
          if (t.pending.length >= 65536) t.flush();
        });
        t.flush();
      }
      if (t.treeSize !== size)
        throw new StorageError('storage_corrupt', `tree has ${t.treeSize} leaves, not ${size}`);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    return t;
  }

  get size(): number {
    return this.treeSize;
  }

  append(leafHash: Uint8Array): void {
    let h = leafHash;
    for (let level = 0; ; level++) {
      const index = Math.floor(this.treeSize / 2 ** level);
      this.pending.push(h);
      if (index % 2 === 0) {
        this.left[level] = h;
        break;
      }
      const sibling = this.left[level] as Uint8Array;
      this.left[level] = undefined;
      h = nodeHash(sibling, h);
    }
    this.treeSize++;
  }

  /** Writes the appended nodes and makes them durable; the caller commits its size after this. */
  flush(): void {
    if (this.pending.length === 0) return;
    const buf = Buffer.allocUnsafe(this.pending.length * HASH_SIZE);
    this.pending.forEach((h, i) => {
      buf.set(h, i * HASH_SIZE);
    });
    let off = 0;
    while (off < buf.length)
      off += writeSync(this.fd, buf, off, buf.length - off, this.written * HASH_SIZE + off);
    fdatasyncSync(this.fd);
    this.written += this.pending.length;
    this.pending = [];
  }

  /** Forgets leaves at and after `size` (a failed commit rolls back). */
  truncate(size: number): void {
    this.cut(Math.min(size, this.treeSize));
  }

  close(): void {
    closeSync(this.fd);
  }

  /** A copy: callers can never alter the tree through what it returns. */
  node(level: number, index: number): Uint8Array {
    if (index >= Math.floor(this.treeSize / 2 ** level) || index < 0)
      throw new ProofError('bad_size', `node ${level}/${index} is not in the tree`);
    return this.at(nodePosition(level, index));
  }

  private at(pos: number): Uint8Array {
    if (pos >= this.written) return Uint8Array.from(this.pending[pos - this.written] as Uint8Array);
    const out = new Uint8Array(HASH_SIZE);
    if (readSync(this.fd, out, 0, HASH_SIZE, pos * HASH_SIZE) !== HASH_SIZE)
      throw new StorageError('storage_corrupt', `tree file ends before node ${pos}`);
    return out;
  }

  /** The frontier of a tree of `size` leaves, read from its nodes. */
  private loadFrontier(): void {
    this.left = [];
    for (let level = 0; 2 ** level <= this.treeSize; level++) {
      const count = Math.floor(this.treeSize / 2 ** level);
      if (count % 2 === 1) this.left[level] = this.at(nodePosition(level, count - 1));
    }
  }

  /** Makes the tree exactly `size` leaves (at most its current size): drops the later nodes. */
  private cut(size: number): void {
    const keep = nodesFor(size);
    if (keep < this.written) {
      ftruncateSync(this.fd, keep * HASH_SIZE);
      this.written = keep;
      this.pending = [];
    } else this.pending.length = keep - this.written;
    this.treeSize = size;
    this.loadFrontier();
  }
}
