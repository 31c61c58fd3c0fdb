// What an auditor reads from the log (docs/architecture.md "Publish" leaves): its entries as leaves, and
// the leaf of a file from the file and the metadata that lists it, built exactly as the publisher
// builds it (canonical JSON of role, version, path, sha256, length).
import { basename } from 'node:path';
import type { TileReader } from '../../log/index.js';
import { parseEnvelopeBytes, parseTargets, TufError } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { fileLeaf, metadataLeaf, parseLeaf, sha256Hex, type Leaf } from '../leaf.js';
import { roleForPath } from '../publish/paths.js';

export interface LogEntry {
  index: number;
  /** The entry as a leaf, or absent when it is not one (then `bytes` says how long it is). */
  leaf?: Leaf;
  bytes: number;
}

const ENTRY_WIDTH = 256;
const METADATA_NAME = /^([1-9][0-9]{0,15})\.([a-z][a-z0-9-]{0,63})\.json$/;

/**
 * Entries `from` .. `from + limit - 1` (below `size`) of a log whose checkpoint the caller verified.
 *
 * @throws {LogError} when a bundle cannot be read or does not fit the size
 * @example
 * const page = await readLogEntries(reader, opened.checkpoint.size, 0, 100);
 */
export async function readLogEntries(
  reader: TileReader,
  size: number,
  from: number,
  limit: number,
): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  const end = Math.min(size, from + limit);
  for (let n = Math.floor(from / ENTRY_WIDTH); n * ENTRY_WIDTH < end; n++) {
    const bundle = await reader.entryBundle(size, n);
    for (const [k, e] of bundle.entries()) {
      const index = n * ENTRY_WIDTH + k;
      if (index < from || index >= end) continue;
      // this value is attacker-controlled: only exact canonical leaves parse
      let leaf: Leaf | undefined;
      try {
        leaf = parseLeaf(e);
      } catch (err) {
        if (!(err instanceof PackError)) throw err;
      }
      out.push({ index, ...(leaf !== undefined ? { leaf } : {}), bytes: e.length });
    }
  }
  return out;
}

/**
 * The leaf of `target` (bytes of a file named `targetName`): a metadata file named like
 * `5.targets.json` is its own leaf; any other file needs `metadata`, the targets metadata
 * (`N.ROLE.json`) that lists it with its hash and length.
 *
 * @throws {PackError} leaf_invalid when no leaf can be built (which it says why)
 * @example
 * const leaf = targetLeaf(readFileSync(pack), 'core.json', { bytes: readFileSync('4.canary.json'), name: '4.canary.json' });
 */
export function targetLeaf(
  target: Uint8Array,
  targetName: string,
  metadata?: { bytes: Uint8Array; name: string },
): Leaf {
  const own = METADATA_NAME.exec(basename(targetName));
  if (metadata === undefined) {
    if (own?.[1] === undefined || own[2] === undefined)
      throw new PackError(
        'leaf_invalid',
        `${targetName} is not a metadata file (N.ROLE.json)`,
        'give --metadata FILE: the targets metadata (e.g. 4.canary.json) that lists the file',
      );
    return metadataLeaf(own[2], Number(own[1]), target);
  }
  let listed;
  try {
    // this value is attacker-controlled until the proof checks the leaf built from it
    listed = parseTargets(parseEnvelopeBytes(metadata.bytes).signed);
  } catch (e) {
    if (!(e instanceof TufError)) throw e;
    throw new PackError('leaf_invalid', `${metadata.name}: ${e.message}`, undefined, { cause: e });
  }
  const sha256 = sha256Hex(target);
  const path = [...listed.targets].find(
    ([, info]) => info.hashes.sha256 === sha256 && info.length === target.length,
  )?.[0];
  if (path === undefined)
    throw new PackError(
      'leaf_invalid',
      `${metadata.name} (version ${listed.version}) does not list a file with the hash and length of ${targetName}`,
      'give the metadata version that listed this file',
    );
  const role = METADATA_NAME.exec(basename(metadata.name))?.[2] ?? roleForPath(path);
  return fileLeaf(role, listed.version, path, target);
}
