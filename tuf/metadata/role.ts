// The ROLE object (TUF 1.0.34 §4.3): keyids and threshold, plus the delegated-role fields of §4.5.
import { TufError } from '../errors.js';
import type { JsonObject } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { bool, int, str, strings, uniqueStrings } from './fields.js';

export interface Role {
  keyids: string[];
  threshold: number;
  unrecognized: JsonObject;
}

export interface DelegatedRole extends Role {
  name: string;
  terminating: boolean;
  paths?: string[];
  pathHashPrefixes?: string[];
}

/** This value is attacker-controlled. */
export function parseRole(o: JsonObject, where: string): Role {
  return {
    keyids: uniqueStrings(o, 'keyids', where),
    threshold: int(o, 'threshold', where, 1),
    unrecognized: unrecognizedFields(o, ['keyids', 'threshold']),
  };
}

export function roleToJson(r: Role): JsonObject {
  return { ...r.unrecognized, keyids: r.keyids, threshold: r.threshold };
}

const DELEGATED = ['keyids', 'threshold', 'name', 'terminating', 'paths', 'path_hash_prefixes'];

/** This value is attacker-controlled. */
export function parseDelegatedRole(o: JsonObject, where: string): DelegatedRole {
  const hasPaths = o.paths !== undefined;
  const hasPrefixes = o.path_hash_prefixes !== undefined;
  if (hasPaths && hasPrefixes) {
    throw new TufError('metadata_invalid', `${where}: both paths and path_hash_prefixes set`);
  }
  const role: DelegatedRole = {
    keyids: uniqueStrings(o, 'keyids', where),
    threshold: int(o, 'threshold', where, 1),
    name: str(o, 'name', where),
    terminating: bool(o, 'terminating', where),
    unrecognized: unrecognizedFields(o, DELEGATED),
  };
  if (hasPaths) role.paths = strings(o, 'paths', where);
  if (hasPrefixes) role.pathHashPrefixes = strings(o, 'path_hash_prefixes', where);
  return role;
}

export function delegatedRoleToJson(r: DelegatedRole): JsonObject {
  return {
    ...r.unrecognized,
    name: r.name,
    keyids: r.keyids,
    threshold: r.threshold,
    terminating: r.terminating,
    ...(r.paths !== undefined ? { paths: r.paths } : {}),
    ...(r.pathHashPrefixes !== undefined ? { path_hash_prefixes: r.pathHashPrefixes } : {}),
  };
}
