// docs/log.md "One verifier": what an attacker holding a maintainer's online keys can do to a copy
// of the repository, for the suites that show each attack refused: re-sign TUF to list a pack the
// log never recorded, or log a second file for a role version already logged.
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_ORIGIN } from '../../node/demo/mesh-setup.js';
import { commitJournal, leafBytes, PublishKeys, sha256Hex } from '../../packs/index.js';
import { openRepository, writeRepository } from '../../tuf/index.js';
import { BUILTIN, writePack, type Maintainer } from './publish-subscribe.js';

/** The coding-agent pack's canary target. */
export const CANARY_PATH = 'packs/coding-agent/canary/coding-agent.json';

/** The builtin pack at VERSION (with DESCRIPTION) in a file of its own under the maintainer's work. */
export const packFile = (m: Maintainer, version: string, description = ''): string =>
  writePack(m, `pack-${version}-${randomBytes(3).toString('hex')}.json`, {
    ...BUILTIN,
    version,
    description,
  });

/** A copy of the repository with its log store: what an attacker holding the online keys has. */
export function fork(m: Maintainer, name: string): string {
  const dir = join(m.work, name);
  cpSync(m.repo, dir, { recursive: true });
  cpSync(`${m.repo}.log-db`, `${dir}.log-db`, { recursive: true });
  return dir;
}

/** DIR re-signed (canary, snapshot, timestamp) to list EVIL as the canary pack, never logged; PROOF, another pack's tlog-proof, put beside it. */
export function listUnlogged(
  m: Maintainer,
  dir: string,
  evil: Uint8Array,
  proof: Uint8Array,
): void {
  const repo = openRepository(dir);
  repo.addTarget('canary', CANARY_PATH, evil);
  const k = new PublishKeys(m.keys);
  const files = repo.publish({
    canary: [k.load('canary').signer],
    snapshot: [k.load('snapshot').signer],
    timestamp: [k.load('timestamp').signer],
  });
  files.push({
    path: `targets/packs/coding-agent/canary/${sha256Hex(evil)}.coding-agent.json.tlog-proof`,
    bytes: proof,
  });
  writeRepository(dir, files);
}

/** Appends to DIR's log, signed with the log key, a second file EVIL for canary's current version. */
export async function logSecondFile(m: Maintainer, dir: string, evil: Uint8Array): Promise<void> {
  const canary = openRepository(dir).versionOf('canary');
  const size = Number(readFileSync(join(dir, 'log', 'checkpoint'), 'utf8').split('\n')[1]);
  const leaf = { role: 'canary', version: canary, path: CANARY_PATH, sha256: sha256Hex(evil) };
  await commitJournal(
    dir,
    {
      startSize: size,
      leaves: [leafBytes({ ...leaf, length: evil.length })],
      files: [],
      proofs: [],
    },
    {
      origin: LOG_ORIGIN,
      signer: new PublishKeys(m.keys).logSigner(LOG_ORIGIN),
      witnesses: [],
      quorum: 0,
    },
  );
}

/** `mesh --state STATE subscribe` to the coding-agent canary pack through the mirror URL. */
export const subscribeArgs = (state: string, url: string, flags: string[]): string[] => [
  '--state',
  state,
  'subscribe',
  'mesh:coding-agent@canary',
  '--mirror',
  url,
  ...flags,
];
