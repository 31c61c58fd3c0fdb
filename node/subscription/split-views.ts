// Split-view evidence a node has seen (docs/architecture.md "Subscribe"): kept durably, one file per fork under
// <state>/split-views/, until the operator has reported it and clears it (`mesh gossip
// clear-evidence`); while any is kept, `mesh doctor` fails.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { removeFileDurably, writeFileAtomic } from '../../common/index.js';
import { evidenceId, type SplitViewEvidence } from '../../log/index.js';

export interface SplitViewRecord {
  id: string;
  /** The subscription whose refresh saw it. */
  subscription: string;
  seenAt: string;
  message: string;
  /** Both signed checkpoints, checkable by anyone with the log key; null when only a root differed. */
  evidence: SplitViewEvidence | null;
}

const ID = /^[0-9a-f]{64}$/;
export const splitViewsDir = (stateRoot: string): string => join(stateRoot, 'split-views');

/** Keeps each fork once (its id is the hash of both notes); returns the ids. */
export function recordSplitViews(
  stateRoot: string,
  subscription: string,
  message: string,
  evidence: readonly SplitViewEvidence[],
  now = new Date(),
): string[] {
  const dir = splitViewsDir(stateRoot);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const items: (SplitViewEvidence | null)[] = evidence.length > 0 ? [...evidence] : [null];
  return items.map((e) => {
    const id = e !== null ? evidenceId(e) : createHash('sha256').update(message).digest('hex');
    const file = join(dir, `${id}.json`);
    if (!existsSync(file)) {
      const rec: SplitViewRecord = {
        id,
        subscription,
        seenAt: now.toISOString(),
        message,
        evidence: e,
      };
      writeFileAtomic(file, JSON.stringify(rec, null, 1) + '\n', { mode: 0o600 });
    }
    return id;
  });
}

/** Every kept record; an unreadable file is still listed (it still stands for a fork seen). */
export function listSplitViews(stateRoot: string): SplitViewRecord[] {
  const dir = splitViewsDir(stateRoot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && ID.test(f.slice(0, -5)))
    .sort()
    .map((f): SplitViewRecord => {
      const id = f.slice(0, -5);
      try {
        const r = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Partial<SplitViewRecord> | null;
        return {
          id,
          subscription: typeof r?.subscription === 'string' ? r.subscription : '?',
          seenAt: typeof r?.seenAt === 'string' ? r.seenAt : '?',
          message: typeof r?.message === 'string' ? r.message : '?',
          evidence: r?.evidence ?? null,
        };
      } catch {
        return { id, subscription: '?', seenAt: '?', message: 'unreadable record', evidence: null };
      }
    });
}

/** Removes the record `id` (or every record); returns the ids removed. */
export function clearSplitViews(stateRoot: string, id?: string): string[] {
  const ids = listSplitViews(stateRoot)
    .map((r) => r.id)
    .filter((x) => id === undefined || x === id);
  for (const x of ids) removeFileDurably(join(splitViewsDir(stateRoot), `${x}.json`));
  return ids;
}
