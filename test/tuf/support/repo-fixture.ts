// A repository written by our own tools, in a temp dir, with the signers kept for further edits.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ed25519Signer,
  newEd25519Secret,
  Repository,
  writeRepository,
  type Signer,
} from '../../../tuf/index.js';

export interface Fixture {
  dir: string;
  repo: Repository;
  signers: Record<string, Signer[]>;
  publish(now?: number): void;
}

export function newSigner(): Signer {
  return ed25519Signer(newEd25519Secret());
}

export function makeFixture(
  opts: { targets?: Record<string, string>; consistent?: boolean } = {},
): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'tuf-repo-'));
  const signers: Record<string, Signer[]> = {
    root: [newSigner()],
    targets: [newSigner()],
    snapshot: [newSigner()],
    timestamp: [newSigner()],
  };
  const keys = (r: string): { keys: Signer['key'][]; threshold: number } => ({
    keys: (signers[r] ?? []).map((s) => s.key),
    threshold: 1,
  });
  const repo = Repository.create({
    roles: {
      root: keys('root'),
      targets: keys('targets'),
      snapshot: keys('snapshot'),
      timestamp: keys('timestamp'),
    },
    consistentSnapshot: opts.consistent ?? true,
  });
  for (const [path, content] of Object.entries(opts.targets ?? {})) {
    repo.addTarget('targets', path, new TextEncoder().encode(content));
  }
  const f: Fixture = {
    dir,
    repo,
    signers,
    publish(now) {
      writeRepository(dir, repo.publish(signers, now));
    },
  };
  f.publish();
  return f;
}

/** Delegates PATHS from targets to a new `canary` role (threshold 1), its signer kept in the fixture. */
export function delegateCanary(f: Fixture, paths: string[] = ['packs/*/canary/*']): Signer {
  const canary = newSigner();
  f.repo.delegate('targets', { name: 'canary', keys: [canary.key], threshold: 1, paths });
  f.signers.canary = [canary];
  return canary;
}
