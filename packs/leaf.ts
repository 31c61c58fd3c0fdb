// docs/architecture.md "Publish": the transparency-log leaf of one repository file, canonical JSON (TUF 1.0.34
// §4.2 canonical form) of {"role","version","path","sha256","length"}. Publisher, subscriber and
// monitor all build these bytes here, so the three can never disagree.
import { createHash } from 'node:crypto';
import type { EntryKey } from '../log/index.js';
import { canonicalBytes, parseJsonBytes, TufError } from '../tuf/index.js';
import { PackError } from './errors.js';

export interface Leaf {
  role: string;
  version: number;
  path: string;
  sha256: string;
  length: number;
}

/** Leaves are small: a bigger entry is not one of ours. */
export const MAX_LEAF_BYTES = 4096;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const KEYS = ['length', 'path', 'role', 'sha256', 'version'];

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function check(l: Leaf): Leaf {
  const bad = (why: string): never => {
    throw new PackError('leaf_invalid', `log leaf: ${why}`);
  };
  if (typeof l.role !== 'string' || l.role.length === 0 || l.role.length > 64) bad('role');
  if (!Number.isSafeInteger(l.version) || l.version < 1) bad('version must be an integer >= 1');
  if (typeof l.path !== 'string' || l.path.length === 0 || l.path.length > 1024) bad('path');
  if (typeof l.sha256 !== 'string' || !SHA256_HEX.test(l.sha256)) bad('sha256 must be 64 hex');
  if (!Number.isSafeInteger(l.length) || l.length < 0) bad('length');
  return l;
}

/** The exact bytes appended to the log for one file. */
export function leafBytes(l: Leaf): Uint8Array {
  const v = check(l);
  return canonicalBytes({
    role: v.role,
    version: v.version,
    path: v.path,
    sha256: v.sha256,
    length: v.length,
  });
}

/** A leaf for file bytes: metadata (its own name as path) or a target (its lister's role and version). */
export function fileLeaf(role: string, version: number, path: string, bytes: Uint8Array): Leaf {
  return { role, version, path, sha256: sha256Hex(bytes), length: bytes.length };
}

/** The leaf of a metadata file named like `5.targets.json` (or `timestamp.json`-style names). */
export function metadataLeaf(role: string, version: number, bytes: Uint8Array): Leaf {
  return fileLeaf(role, version, `${version}.${role}.json`, bytes);
}

/** this value is attacker-controlled: a log entry read from a mirror. Only exact canonical leaves parse. */
export function parseLeaf(entry: Uint8Array): Leaf {
  if (entry.length > MAX_LEAF_BYTES) throw new PackError('leaf_invalid', 'log leaf is too large');
  let v: unknown;
  try {
    v = parseJsonBytes(entry);
  } catch (e) {
    if (e instanceof TufError)
      throw new PackError('leaf_invalid', `log leaf: ${e.message}`, undefined, { cause: e });
    throw e;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new PackError('leaf_invalid', 'log leaf is not a JSON object');
  const o = v as Record<string, unknown>;
  if (Object.keys(o).sort().join(',') !== KEYS.join(','))
    throw new PackError('leaf_invalid', `log leaf must have exactly ${KEYS.join(', ')}`);
  const leaf = check(o as unknown as Leaf);
  const again = leafBytes(leaf);
  if (again.length !== entry.length || !again.every((b, i) => b === entry[i]))
    throw new PackError('leaf_invalid', 'log leaf is not in canonical form');
  return leaf;
}

/** The identity a leaf claims: one (role, version, path) must never name two different files. */
export function leafKey(l: Pick<Leaf, 'role' | 'version' | 'path'>): string {
  return `${l.role}|${String(l.version)}|${l.path}`;
}

/**
 * log/'s monitorLog conflict rule (docs/architecture.md): two leaves with the same role, version and path but
 * different hashes conflict. Entries that are not leaves are left unkeyed.
 */
export const leafConflictKey: EntryKey = (entry) => {
  try {
    const l = parseLeaf(entry);
    return { key: leafKey(l), value: `${l.sha256}|${String(l.length)}` };
  } catch (e) {
    if (e instanceof PackError) return undefined;
    throw e;
  }
};
