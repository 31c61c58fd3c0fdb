// The opt-outs a server role started with, kept in the role's data folder (`<data>/<role>/
// opt-outs.json`, written atomically at each start) so `mesh doctor` warns about every waived
// fail-closed default of a role that runs (docs/log.md "Reading from peers").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { StateError } from '../errors.js';
import type { RoleOptOut } from '../roles/role.js';

const SCHEMA = 1;

export interface OptOutsRecord {
  role: string;
  startedAt: string;
  optOuts: RoleOptOut[];
}

export const optOutsFile = (roleDataDir: string): string => join(roleDataDir, 'opt-outs.json');

/** Records what `role` waives, replacing the record of its previous start. */
export function recordOptOuts(
  roleDataDir: string,
  role: string,
  optOuts: readonly RoleOptOut[],
  now = new Date(),
): void {
  const doc = { schema: SCHEMA, role, startedAt: now.toISOString(), optOuts };
  writeFileAtomic(optOutsFile(roleDataDir), JSON.stringify(doc) + '\n', { mode: 0o600 });
}

const isOptOut = (o: unknown): o is RoleOptOut =>
  typeof (o as RoleOptOut | null)?.key === 'string' &&
  typeof (o as RoleOptOut | null)?.effect === 'string';

/**
 * The record in `roleDataDir`, or undefined when the role never started there.
 *
 * @throws {StateError} state_invalid when the file is not a record this module wrote
 * @example
 * readOptOuts('/var/lib/mesh/serve/mirror')?.optOuts.map((o) => o.key); // ['mirror.noGossip']
 */
export function readOptOuts(roleDataDir: string): OptOutsRecord | undefined {
  const file = optOutsFile(roleDataDir);
  if (!existsSync(file)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw bad(file, e);
  }
  const d = (doc ?? {}) as {
    schema?: unknown;
    role?: unknown;
    startedAt?: unknown;
    optOuts?: unknown;
  };
  if (
    d.schema !== SCHEMA ||
    typeof d.role !== 'string' ||
    typeof d.startedAt !== 'string' ||
    !Array.isArray(d.optOuts) ||
    !d.optOuts.every(isOptOut)
  )
    throw bad(file);
  return { role: d.role, startedAt: d.startedAt, optOuts: d.optOuts };
}

function bad(file: string, cause?: unknown): StateError {
  return new StateError(
    'state_invalid',
    `${file} is not a role opt-outs record`,
    'start the role again (mesh serve rewrites it) or remove the file',
    cause === undefined ? {} : { cause },
  );
}
