// Licences of what the community shares: packs Apache-2.0, aggregate data CC0-1.0 (SPDX ids).
import { GovernanceError } from './errors.js';

export const PACK_LICENCE = 'Apache-2.0';
export const DATA_LICENCE = 'CC0-1.0';

/**
 * A pack published to the community must carry the pack licence (Apache-2.0).
 *
 * @throws {GovernanceError} licence_refused
 * @example
 * requirePackLicence('Apache-2.0'); // passes
 * requirePackLicence('MIT'); // throws licence_refused
 */
export function requirePackLicence(spdx: string): void {
  if (spdx !== PACK_LICENCE) {
    throw new GovernanceError(
      'licence_refused',
      `pack licence "${spdx}" is not ${PACK_LICENCE}; community packs are ${PACK_LICENCE}`,
    );
  }
}
