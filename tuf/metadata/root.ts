// The root role's "signed" object (TUF 1.0.34 §4.3): keys, roles, consistent_snapshot.
import { TufError } from '../errors.js';
import type { JsonObject, JsonValue } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject, bool } from './fields.js';
import { keyToJson, parseKey, type Key } from './key.js';
import { parseRole, roleToJson, type Role } from './role.js';
import { COMMON_FIELDS, commonToJson, parseCommon, type SignedCommon } from './signed-common.js';

export const TOP_LEVEL_ROLES = ['root', 'timestamp', 'snapshot', 'targets'] as const;
export type TopLevelRole = (typeof TOP_LEVEL_ROLES)[number];

export interface Root extends SignedCommon {
  type: 'root';
  consistentSnapshot: boolean;
  keys: Map<string, Key>;
  roles: Record<TopLevelRole, Role>;
  unrecognized: JsonObject;
}

const FIELDS = [...COMMON_FIELDS, 'consistent_snapshot', 'keys', 'roles'];

/** This value is attacker-controlled. */
export function parseRoot(v: JsonValue): Root {
  const o = asObject(v, 'root');
  const keys = new Map<string, Key>();
  for (const [id, k] of Object.entries(asObject(o.keys, 'root.keys'))) {
    keys.set(id, parseKey(asObject(k, `root.keys.${id}`), `root.keys.${id}`));
  }
  const rolesObj = asObject(o.roles, 'root.roles');
  const names = Object.keys(rolesObj);
  if (names.length !== 4 || !TOP_LEVEL_ROLES.every((r) => names.includes(r))) {
    throw new TufError('metadata_invalid', 'root.roles must name exactly the four top-level roles');
  }
  const role = (n: TopLevelRole): Role => parseRole(asObject(rolesObj[n], n), `root.roles.${n}`);
  return {
    ...parseCommon(o, 'root'),
    type: 'root',
    consistentSnapshot:
      o.consistent_snapshot === undefined ? false : bool(o, 'consistent_snapshot', 'root'),
    keys,
    roles: {
      root: role('root'),
      timestamp: role('timestamp'),
      snapshot: role('snapshot'),
      targets: role('targets'),
    },
    unrecognized: unrecognizedFields(o, FIELDS),
  };
}

export function rootToJson(r: Root): JsonObject {
  const keys: JsonObject = {};
  for (const [id, k] of r.keys) keys[id] = keyToJson(k);
  const roles: JsonObject = {};
  for (const n of TOP_LEVEL_ROLES) roles[n] = roleToJson(r.roles[n]);
  return {
    ...r.unrecognized,
    ...commonToJson(r),
    consistent_snapshot: r.consistentSnapshot,
    keys,
    roles,
  };
}
