// The snapshot role's "signed" object (TUF 1.0.34 §4.4): a METAFILES entry per targets role.
import type { JsonObject, JsonValue } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject } from './fields.js';
import { metaFileToJson, parseMetaFile, type MetaFile } from './meta-file.js';
import { COMMON_FIELDS, commonToJson, parseCommon, type SignedCommon } from './signed-common.js';

export interface Snapshot extends SignedCommon {
  type: 'snapshot';
  /** Keyed by file name, "targets.json", "<role>.json". */
  meta: Map<string, MetaFile>;
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseSnapshot(v: JsonValue): Snapshot {
  const o = asObject(v, 'snapshot');
  const meta = new Map<string, MetaFile>();
  for (const [name, m] of Object.entries(asObject(o.meta, 'snapshot.meta'))) {
    meta.set(name, parseMetaFile(asObject(m, name), `snapshot.meta.${name}`));
  }
  return {
    ...parseCommon(o, 'snapshot'),
    type: 'snapshot',
    meta,
    unrecognized: unrecognizedFields(o, [...COMMON_FIELDS, 'meta']),
  };
}

export function snapshotToJson(s: Snapshot): JsonObject {
  const meta: JsonObject = {};
  for (const [name, m] of s.meta) meta[name] = metaFileToJson(m);
  return { ...s.unrecognized, ...commonToJson(s), meta };
}
