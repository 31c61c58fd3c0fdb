// A publish in flight (docs/architecture.md "Publish"): the exact files and leaves are journalled before the log
// append, so a publish cut short (crash, missing witness quorum) is finished with the same bytes and
// never logs two different files for one role version.
import { existsSync, readFileSync } from 'node:fs';
import type { RepoFile } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { removeFileDurably, writeFileAtomic } from '../../common/index.js';

export const JOURNAL_SCHEMA = 1;

export interface Journal {
  /** The log size before this publish appended its leaves. */
  startSize: number;
  leaves: Uint8Array[];
  files: RepoFile[];
  /** Target paths whose .tlog-proof this publish writes, with the index of their leaf. */
  proofs: { file: string; leafIndex: number }[];
}

interface JournalJson {
  schema: number;
  startSize: number;
  leaves: string[];
  files: { path: string; bytes: string }[];
  proofs: { file: string; leafIndex: number }[];
}

export const journalPath = (repoDir: string): string => `${repoDir}.pending.json`;

const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64');
const unb64 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'base64'));

export function writeJournal(repoDir: string, j: Journal): void {
  const doc: JournalJson = {
    schema: JOURNAL_SCHEMA,
    startSize: j.startSize,
    leaves: j.leaves.map(b64),
    files: j.files.map((f) => ({ path: f.path, bytes: b64(f.bytes) })),
    proofs: j.proofs,
  };
  writeFileAtomic(journalPath(repoDir), JSON.stringify(doc));
}

/** The journalled publish, if one was cut short. Written by us, but checked: the disk may be damaged. */
export function readJournal(repoDir: string): Journal | undefined {
  const path = journalPath(repoDir);
  if (!existsSync(path)) return undefined;
  let doc: JournalJson;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8')) as JournalJson;
  } catch (e) {
    throw new PackError(
      'publish_invalid',
      `${path}: unreadable (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
  if (doc.schema !== JOURNAL_SCHEMA || !Array.isArray(doc.leaves) || !Array.isArray(doc.files))
    throw new PackError(
      'publish_invalid',
      `${path}: not a schema ${JOURNAL_SCHEMA} publish journal`,
    );
  return {
    startSize: doc.startSize,
    leaves: doc.leaves.map(unb64),
    files: doc.files.map((f) => ({ path: f.path, bytes: unb64(f.bytes) })),
    proofs: doc.proofs,
  };
}

export function clearJournal(repoDir: string): void {
  removeFileDurably(journalPath(repoDir));
}
