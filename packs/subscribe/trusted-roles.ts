// The targets roles a TUF 1.0.34 §5 client has verified, read once from its trusted metadata
// directory: what subscribe, `mesh verify` and mirror seeding all need after a refresh.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parseEnvelopeBytes,
  parseTargets,
  quoteName,
  type Targets,
  type Updater,
} from '../../tuf/index.js';

/** The client's stored (so verified) copy of `role`, or undefined when it has not loaded it. */
export function storedRole(metadataDir: string, role: string): Targets | undefined {
  const f = join(metadataDir, `${quoteName(role)}.json`);
  return existsSync(f) ? parseTargets(parseEnvelopeBytes(readFileSync(f)).signed) : undefined;
}

/**
 * Every targets role, top-level first: a probe path per delegation makes the client load (and
 * verify) each delegated role. Call after `updater.refresh()`.
 *
 * @throws {TufError} when a delegated role does not verify
 * @example
 * await updater.refresh();
 * for (const [role, t] of await loadAllRoles(updater, dir)) console.log(role, t.version);
 */
export async function loadAllRoles(
  updater: Updater,
  metadataDir: string,
): Promise<Map<string, Targets>> {
  const roles = new Map<string, Targets>();
  const top = storedRole(metadataDir, 'targets');
  if (top === undefined) return roles;
  roles.set('targets', top);
  for (const r of top.delegations?.roles ?? []) {
    await updater.getTargetInfo((r.paths?.[0] ?? r.name).replaceAll('*', 'x'));
    const t = storedRole(metadataDir, r.name);
    if (t !== undefined) roles.set(r.name, t);
  }
  return roles;
}
