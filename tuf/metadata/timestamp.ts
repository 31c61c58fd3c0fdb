// The timestamp role's "signed" object (TUF 1.0.34 §4.6): meta holds exactly snapshot.json.
import { TufError } from '../errors.js';
import type { JsonObject, JsonValue } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject } from './fields.js';
import { metaFileToJson, parseMetaFile, type MetaFile } from './meta-file.js';
import { COMMON_FIELDS, commonToJson, parseCommon, type SignedCommon } from './signed-common.js';

export interface Timestamp extends SignedCommon {
  type: 'timestamp';
  snapshotMeta: MetaFile;
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseTimestamp(v: JsonValue): Timestamp {
  const o = asObject(v, 'timestamp');
  const meta = asObject(o.meta, 'timestamp.meta');
  const names = Object.keys(meta);
  if (names.length !== 1 || names[0] !== 'snapshot.json') {
    throw new TufError('metadata_invalid', 'timestamp.meta must hold exactly snapshot.json');
  }
  return {
    ...parseCommon(o, 'timestamp'),
    type: 'timestamp',
    snapshotMeta: parseMetaFile(asObject(meta['snapshot.json'], 'snapshot.json'), 'timestamp.meta'),
    unrecognized: unrecognizedFields(o, [...COMMON_FIELDS, 'meta']),
  };
}

export function timestampToJson(t: Timestamp): JsonObject {
  return {
    ...t.unrecognized,
    ...commonToJson(t),
    meta: { 'snapshot.json': metaFileToJson(t.snapshotMeta) },
  };
}
