// docs/architecture.md "Publish": which leaves one repository change logs. Every new version of root, targets,
// canary and stable metadata gets a leaf; every target listed by a role that got a new version gets
// a leaf under that version (so a subscriber can rebuild it from the metadata it trusts).
import type { Repository, RepoFile } from '../../tuf/index.js';
import { fileLeaf, leafBytes, type Leaf } from '../leaf.js';
import type { Journal } from './journal.js';
import { hashedName, PROOF_SUFFIX } from './paths.js';

export const LOGGED_ROLES = new Set(['root', 'targets', 'canary', 'stable']);
const METADATA_FILE = /^metadata\/(\d+)\.([A-Za-z0-9_.-]+)\.json$/;

export function journalFor(
  repo: Repository,
  files: readonly RepoFile[],
  startSize: number,
): Journal {
  const leaves: Leaf[] = [];
  const proofs: Journal['proofs'] = [];
  const changed: string[] = [];
  for (const f of files) {
    const m = METADATA_FILE.exec(f.path);
    if (m === null) continue;
    const [, version = '', role = ''] = m;
    if (!LOGGED_ROLES.has(role)) continue;
    leaves.push(fileLeaf(role, Number(version), `${version}.${role}.json`, f.bytes));
    if (role !== 'root') changed.push(role);
  }
  for (const role of changed) {
    const t = repo.targetsRole(role);
    for (const [path, info] of t.targets) {
      const sha256 = info.hashes.sha256;
      if (sha256 === undefined) continue;
      proofs.push({
        file: `targets/${hashedName(path, sha256)}${PROOF_SUFFIX}`,
        leafIndex: leaves.length,
      });
      leaves.push({ role, version: t.version, path, sha256, length: info.length });
    }
  }
  return { startSize, leaves: leaves.map(leafBytes), files: [...files], proofs };
}
