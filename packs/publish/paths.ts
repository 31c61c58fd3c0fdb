// docs/architecture.md repository layout: where packs and DAP task files live as TUF 1.0.34 target paths.
import { PackError } from '../errors.js';

/** The release rings of a pack, each a delegated role (docs/architecture.md delegations). */
export const RINGS = ['canary', 'stable'] as const;
/** The one ring type of the project; node/consensus adds a rule's shadow standing to it. */
export type Ring = (typeof RINGS)[number];

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function checkPackName(name: string): string {
  if (!NAME.test(name))
    throw new PackError('publish_invalid', `pack name "${name}" must match ${NAME.source}`);
  return name;
}

export function parseRing(ring: string): Ring {
  const known = RINGS.find((r) => r === ring);
  if (known === undefined)
    throw new PackError('publish_invalid', `ring must be ${RINGS.join(' or ')}, not "${ring}"`);
  return known;
}

/** `packs/<name>/<ring>/<name>.json` */
export function packTargetPath(name: string, ring: Ring): string {
  return `packs/${checkPackName(name)}/${ring}/${name}.json`;
}

/** `tasks/<name>/client.json`: the DAP client task file of a pack, delegated to the canary role. */
export function taskTargetPath(name: string): string {
  return `tasks/${checkPackName(name)}/client.json`;
}

/** The role that signs a target path (docs/architecture.md delegations). */
export function roleForPath(path: string): Ring {
  return /^packs\/[^/]+\/stable\//.test(path) ? 'stable' : 'canary';
}

/** Where the repository keeps a target's bytes under consistent snapshots. */
export function hashedName(path: string, sha256: string): string {
  const cut = path.lastIndexOf('/');
  return `${path.slice(0, cut + 1)}${sha256}.${path.slice(cut + 1)}`;
}

export const PROOF_SUFFIX = '.tlog-proof';
