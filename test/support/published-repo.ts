// docs/architecture.md "Publish": a repository's first `mesh publish` of the same pack with the same
// keys and flags makes the same repository (but for signing times), so the suites whose subject is
// not that first publish copy one the real command made once per run (run-fixture.ts) instead of
// running it again: the repository and its log database beside it (REPO.log-db).
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFixture } from './run-fixture.js';

/** What a publish printed: kept beside the repository it made and given to every copy. */
const RESULT = 'result.json';

/** The files of KEYS, sorted by name, and the pack and flags, hashed: the fixture's name. */
function fixtureName(pack: string, keys: string, flags: readonly string[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(flags)).update('\0').update(readFileSync(pack)).update('\0');
  for (const name of readdirSync(keys).sort())
    h.update(name)
      .update('\0')
      .update(readFileSync(join(keys, name)))
      .update('\0');
  return `published-${h.digest('hex').slice(0, 32)}`;
}

/**
 * Copies into REPO (which does not exist yet) the repository `publish(REPO_DIR)` made from PACK with
 * KEYS and FLAGS, made by it the first time the run asks; returns what that publish printed.
 * PUBLISH must succeed (throw otherwise) and may only write REPO_DIR and REPO_DIR.log-db.
 */
export async function copyPublishedRepo<T>(
  opts: { pack: string; keys: string; flags: readonly string[]; repo: string; timeoutMs: number },
  publish: (repoDir: string) => Promise<T>,
): Promise<T> {
  const name = fixtureName(opts.pack, opts.keys, opts.flags);
  const make = async (dir: string): Promise<void> => {
    const result = await publish(join(dir, 'repo'));
    writeFileSync(join(dir, RESULT), JSON.stringify(result));
  };
  const dir = await runFixture(name, RESULT, make, opts.timeoutMs);
  cpSync(join(dir, 'repo'), opts.repo, { recursive: true });
  cpSync(join(dir, 'repo.log-db'), `${opts.repo}.log-db`, { recursive: true });
  return JSON.parse(readFileSync(join(dir, RESULT), 'utf8')) as T;
}
