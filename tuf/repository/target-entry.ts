// A TARGETS entry our tools write (TUF 1.0.34 §4.5): length and sha256 (first: it names the file
// under consistent snapshots) and sha512.
import { digestHex } from '../hashes.js';
import type { JsonObject } from '../json.js';
import type { TargetFile } from '../metadata/target-file.js';
import { TufError } from '../errors.js';

/** §4.5 TARGETPATH: relative, '/'-separated, no empty, '.' or '..' segment. */
export function checkTargetPath(path: string): void {
  const segs = path.split('/');
  if (path.length === 0 || segs.some((s) => s === '' || s === '.' || s === '..')) {
    throw new TufError('target_path_invalid', `not a valid target path: ${path}`);
  }
}

export function targetEntry(path: string, data: Uint8Array, custom?: JsonObject): TargetFile {
  checkTargetPath(path);
  return {
    path,
    length: data.length,
    hashes: { sha256: digestHex('sha256', data), sha512: digestHex('sha512', data) },
    unrecognized: custom === undefined ? {} : { custom },
  };
}

/** Where the target's bytes live under targets/: hash-prefixed when snapshots are consistent. */
export function targetFileName(t: TargetFile, consistent: boolean): string {
  if (!consistent) return t.path;
  const cut = t.path.lastIndexOf('/');
  const first = Object.values(t.hashes)[0] ?? '';
  return `${t.path.slice(0, cut + 1)}${first}.${t.path.slice(cut + 1)}`;
}
