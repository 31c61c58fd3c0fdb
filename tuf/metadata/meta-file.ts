// METAFILES entries (TUF 1.0.34 §4.4, §4.6): version, and optionally length and hashes.
import type { JsonObject } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { hashes, int } from './fields.js';

export interface MetaFile {
  version: number;
  length?: number;
  hashes?: Record<string, string>;
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseMetaFile(o: JsonObject, where: string): MetaFile {
  const m: MetaFile = {
    version: int(o, 'version', where, 1),
    unrecognized: unrecognizedFields(o, ['version', 'length', 'hashes']),
  };
  if (o.length !== undefined) m.length = int(o, 'length', where, 0);
  if (o.hashes !== undefined) m.hashes = hashes(o, 'hashes', where);
  return m;
}

export function metaFileToJson(m: MetaFile): JsonObject {
  return {
    ...m.unrecognized,
    version: m.version,
    ...(m.length !== undefined ? { length: m.length } : {}),
    ...(m.hashes !== undefined ? { hashes: m.hashes } : {}),
  };
}
