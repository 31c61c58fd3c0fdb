// TARGETS entries (TUF 1.0.34 §4.5): length, hashes, and optional custom data.
import type { JsonObject } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { hashes, int } from './fields.js';

export interface TargetFile {
  path: string;
  length: number;
  hashes: Record<string, string>;
  /** Everything else, "custom" included, kept as received. */
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseTargetFile(path: string, o: JsonObject): TargetFile {
  const where = `targets.${path}`;
  return {
    path,
    length: int(o, 'length', where, 0),
    hashes: hashes(o, 'hashes', where),
    unrecognized: unrecognizedFields(o, ['length', 'hashes']),
  };
}

export function targetFileToJson(t: TargetFile): JsonObject {
  return { ...t.unrecognized, length: t.length, hashes: t.hashes };
}
