// DELEGATIONS (TUF 1.0.34 §4.5): keys and an ordered list of delegated roles, and which match a path.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { TufError } from '../errors.js';
import type { JsonObject } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { asObject } from './fields.js';
import { keyToJson, parseKey, type Key } from './key.js';
import { delegatedRoleToJson, parseDelegatedRole, type DelegatedRole } from './role.js';

export interface Delegations {
  keys: Map<string, Key>;
  /** In priority order: the order of the metadata. */
  roles: DelegatedRole[];
  unrecognized: JsonObject;
}

const TOP_LEVEL = new Set(['root', 'timestamp', 'snapshot', 'targets']);

/** This value is attacker-controlled. */
export function parseDelegations(o: JsonObject): Delegations {
  const keys = new Map<string, Key>();
  for (const [id, k] of Object.entries(asObject(o.keys, 'delegations.keys'))) {
    keys.set(id, parseKey(asObject(k, id), `delegations.keys.${id}`));
  }
  if (!Array.isArray(o.roles))
    throw new TufError('metadata_invalid', 'delegations.roles must be a list');
  const roles = o.roles.map((r, i) =>
    parseDelegatedRole(asObject(r, 'role'), `delegations.roles[${i}]`),
  );
  const names = new Set<string>();
  for (const r of roles) {
    if (names.has(r.name) || TOP_LEVEL.has(r.name)) {
      throw new TufError(
        'metadata_invalid',
        `delegated role name ${r.name} is duplicated or reserved`,
      );
    }
    names.add(r.name);
  }
  return { keys, roles, unrecognized: unrecognizedFields(o, ['keys', 'roles']) };
}

export function delegationsToJson(d: Delegations): JsonObject {
  const keys: JsonObject = {};
  for (const [id, k] of d.keys) keys[id] = keyToJson(k);
  return { ...d.unrecognized, keys, roles: d.roles.map(delegatedRoleToJson) };
}

/** §4.5 "paths": shell-style pattern, '*' never crossing '/', segment count must match. */
export function pathPatternMatches(pattern: string, path: string): boolean {
  const pp = pattern.split('/');
  const tp = path.split('/');
  if (pp.length !== tp.length) return false;
  return pp.every((seg, i) => globSegment(seg, tp[i] ?? ''));
}

function globSegment(pattern: string, text: string): boolean {
  let re = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`${re}$`, 's').test(text);
}

/** Whether `role` is trusted for `path` (paths, or path_hash_prefixes over sha256 of the path). */
export function roleMatchesPath(role: DelegatedRole, path: string): boolean {
  if (role.paths !== undefined) return role.paths.some((p) => pathPatternMatches(p, path));
  if (role.pathHashPrefixes !== undefined) {
    const h = bytesToHex(sha256(new TextEncoder().encode(path)));
    return role.pathHashPrefixes.some((p) => h.startsWith(p));
  }
  return false;
}
