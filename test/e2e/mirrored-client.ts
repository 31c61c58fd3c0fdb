// docs/tuf.md: a TUF client's view of a maintainer's repository, for the suites that check what
// `mesh publish` and the ceremonies wrote the way a node meets it: a fresh `mesh serve --role
// mirror` of the repository and `mesh tuf-client` (the tuf-conformance CLI protocol) reading from it
// into metadata and target folders of its own.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { runMesh, type MeshRun } from '../support/run-mesh.js';
import { startMirror, type Maintainer } from './publish-subscribe.js';

export interface MirroredClient {
  /** `mesh tuf-client ARGS` against the mirror; `init ROOT` first. */
  client: (args: string[]) => Promise<MeshRun>;
  /** The client's trusted metadata. */
  md: string;
  /** Where it downloads targets, each under its URL-quoted path. */
  td: string;
}

/** A mirror of the maintainer's repository (stopped with its services) and a client of it. */
export async function mirroredClient(m: Maintainer): Promise<MirroredClient> {
  const url = await startMirror(m);
  const md = mkdtempSync(join(m.work, 'md-'));
  const td = mkdtempSync(join(m.work, 'td-'));
  const client = (args: string[]): Promise<MeshRun> =>
    runMesh([
      'tuf-client',
      '--metadata-dir',
      md,
      '--metadata-url',
      `${url}/metadata`,
      '--target-base-url',
      `${url}/targets`,
      '--target-dir',
      td,
      ...args,
    ]);
  return { client, md, td };
}
