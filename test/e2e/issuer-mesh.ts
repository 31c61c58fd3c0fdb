// Shared set-up of the token suites: a repository whose member and revocation lists are published
// with `mesh publish --members` and served by a real mirror, and an issuer config that reads them
// from that mirror through TUF (the issuer has no local list files).
import { writeFileSync } from 'node:fs';
import {
  DEMO,
  expectOk,
  maintainer,
  meshJson,
  publish,
  startMirror,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

export interface MemberMesh extends Maintainer {
  mirror: string;
}

/** `mesh publish --members FILE` (the authority's working file) into the maintainer's repository. */
export async function publishMembers(m: Maintainer, file: string): Promise<void> {
  expectOk(
    await meshJson(['publish', '--members', file, '--repo', m.repo, '--keys', m.keys, ...DEMO], {
      timeoutMs: 120_000,
    }),
  );
}

/** A maintainer's repository in WORK with a pack and the lists of FILE, and a mirror serving it. */
export async function memberMesh(work: string, file: string): Promise<MemberMesh> {
  const m = await maintainer(work);
  await publish(m, writePack(m, 'coding-agent.json'));
  await publishMembers(m, file);
  return { ...m, mirror: await startMirror(m) };
}

/**
 * Writes OUT, an issuer config reading the lists from the mirror (this fixture publishes without
 * witnesses and serves no gossip, so it opts out of both explicitly).
 */
export function issuerConfig(mm: MemberMesh, key: string, out: string, extra: object = {}): string {
  writeFileSync(
    out,
    JSON.stringify({
      issuer: {
        key,
        mirror: mm.mirror,
        root: mm.root,
        log_keys: [mm.logKey],
        allow_no_witness: true,
        no_gossip: true,
        ...extra,
      },
    }),
  );
  return out;
}
