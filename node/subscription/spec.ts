// `mesh:<pack>@<ring>` (docs/architecture.md "Subscribe"): a community pack by name and ring.
import { packTargetPath, parseRing, type Ring } from '../../packs/index.js';
import { UsageError } from '../errors.js';

export interface SubscriptionSpec {
  pack: string;
  ring: Ring;
  /** `<pack>@<ring>`: the folder name under subscriptions/. */
  id: string;
  targetPath: string;
}

const SPEC = /^mesh:([a-z0-9][a-z0-9-]{0,63})@([a-z]+)$/;

export function parseSubscriptionSpec(spec: string): SubscriptionSpec {
  const m = SPEC.exec(spec);
  if (m === null)
    throw new UsageError(`"${spec}" is not mesh:<pack>@<ring>`, 'e.g. mesh:coding-agent@canary');
  const pack = m[1] as string;
  let ring: Ring;
  try {
    ring = parseRing(m[2] as string);
  } catch (e) {
    throw new UsageError((e as Error).message, undefined, { cause: e });
  }
  return { pack, ring, id: `${pack}@${ring}`, targetPath: packTargetPath(pack, ring) };
}

export const isSubscriptionSpec = (s: string): boolean => s.startsWith('mesh:');
