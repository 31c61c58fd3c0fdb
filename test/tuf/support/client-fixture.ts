// Our client against a served repository: a fresh metadata dir trusting the repository's 1.root.json.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { TufError, Updater, type UpdaterOptions } from '../../../tuf/index.js';

export interface ClientDirs {
  metadataDir: string;
  targetDir: string;
  updater(extra?: Partial<UpdaterOptions>): Updater;
}

export function makeClient(repoDir: string, baseUrl: string): ClientDirs {
  const metadataDir = mkdtempSync(join(tmpdir(), 'tuf-client-'));
  const targetDir = mkdtempSync(join(tmpdir(), 'tuf-targets-'));
  copyFileSync(join(repoDir, 'metadata', '1.root.json'), join(metadataDir, 'root.json'));
  return {
    metadataDir,
    targetDir,
    updater: (extra = {}) =>
      new Updater({
        metadataDir,
        metadataBaseUrl: `${baseUrl}/metadata`,
        targetBaseUrl: `${baseUrl}/targets`,
        targetDir,
        ...extra,
      }),
  };
}

/** File name -> sha256 of everything the client trusts. */
export function trustedState(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).sort()) {
    out[f] = createHash('sha256')
      .update(readFileSync(join(dir, f)))
      .digest('hex');
  }
  return out;
}

/**
 * `run` must fail with a TufError of `code`, leaving the trusted metadata exactly as it was (or, when
 * the attack rides on a legitimate update of other roles, the `attacked` files).
 */
export async function expectRefused(
  dir: string,
  code: string,
  run: () => Promise<unknown>,
  attacked?: string[],
): Promise<void> {
  const pick = (s: Record<string, string>): Record<string, string | undefined> =>
    attacked === undefined ? s : Object.fromEntries(attacked.map((f) => [f, s[f]]));
  const before = pick(trustedState(dir));
  let caught: unknown;
  try {
    await run();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(TufError);
  expect((caught as TufError).code).toBe(code);
  expect(pick(trustedState(dir))).toEqual(before);
}

/** What `mesh tuf-client download` does for one path. */
export async function download(u: Updater, path: string): Promise<string> {
  const info = await u.getTargetInfo(path);
  if (info === undefined) throw new TufError('target_not_found', `no trusted target ${path}`);
  return u.findCachedTarget(info) ?? (await u.downloadTarget(info));
}
