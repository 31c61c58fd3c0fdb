// docs/architecture.md "Publish", log half: append the journalled leaves (RFC 6962 log), collect witness
// cosignatures (c2sp.org/tlog-witness, quorum enforced), write tlog-tiles under <repo>/log/ and a
// c2sp.org/tlog-proof@v1 beside each target, then the TUF files, timestamp last.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AppendableLog,
  formatTlogProof,
  parseCheckpoint,
  parseNote,
  requestCosignatures,
  writeTiles,
  type Ed25519NoteSigner,
  type WitnessEndpoint,
} from '../../log/index.js';
import { writeRepository } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { clearJournal, type Journal } from './journal.js';
import { bytesEqual } from '../../common/index.js';

export interface LogConfig {
  origin: string;
  signer: Ed25519NoteSigner;
  witnesses: readonly WitnessEndpoint[];
  quorum: number;
}

export interface Committed {
  size: number;
  checkpoint: string;
  cosigners: string[];
  proofFiles: string[];
}

/** The level store lives beside the served tree, never inside it. */
export const logDbPath = (repoDir: string): string => `${repoDir}.log-db`;

function servedSize(repoDir: string): number {
  const file = join(repoDir, 'log', 'checkpoint');
  if (!existsSync(file)) return 0;
  return parseCheckpoint(parseNote(readFileSync(file, 'utf8')).text).size;
}

async function appendOnce(log: AppendableLog, j: Journal): Promise<void> {
  if (log.size === j.startSize) {
    await Promise.all(j.leaves.map((l) => log.append(l)));
    return;
  }
  const end = j.startSize + j.leaves.length;
  if (log.size >= end) {
    const have = await log.entries(j.startSize, end);
    if (have.every((e, i) => bytesEqual(e, j.leaves[i] as Uint8Array))) return;
  }
  throw new PackError(
    'publish_invalid',
    `the log is at size ${log.size}, the pending publish expected ${j.startSize}`,
    'the log store and the repository disagree; restore them from the same backup',
  );
}

/** Opens the repository's log store (one open per publish: the caller passes it on). */
export function openLog(repoDir: string, cfg: LogConfig): Promise<AppendableLog> {
  return AppendableLog.open({ dir: logDbPath(repoDir), origin: cfg.origin, signer: cfg.signer });
}

/**
 * Finishes a journalled publish; safe to call again after a crash at any point. `open` is the log
 * the caller already opened (it stays open); without one the log is opened and closed here.
 */
export async function commitJournal(
  repoDir: string,
  j: Journal,
  cfg: LogConfig,
  open?: AppendableLog,
): Promise<Committed> {
  const log = open ?? (await openLog(repoDir, cfg));
  try {
    await appendOnce(log, j);
    const size = log.size;
    let checkpoint = log.checkpoint();
    let cosigners: string[] = [];
    if (cfg.witnesses.length > 0 || cfg.quorum > 0) {
      try {
        const r = await requestCosignatures({
          checkpoint,
          size,
          witnesses: cfg.witnesses,
          quorum: cfg.quorum,
          proof: (old) => log.tree.consistencyProof(old, size),
        });
        checkpoint = r.checkpoint;
        cosigners = r.cosigners;
      } catch (e) {
        throw new PackError(
          'quorum_not_met',
          `witness cosignatures: ${(e as Error).message}`,
          'bring the witnesses back and run the same mesh publish again: it finishes this publish',
          { cause: e },
        );
      }
    }
    await writeTilesFrom(repoDir, log, size, checkpoint);
    const proofs = j.proofs.map((p) => {
      const index = j.startSize + p.leafIndex;
      const text = formatTlogProof({
        index,
        proof: log.tree.inclusionProof(index, size),
        checkpoint,
      });
      return { path: p.file, bytes: new TextEncoder().encode(text) };
    });
    writeRepository(repoDir, [...proofs, ...j.files]);
    clearJournal(repoDir);
    return { size, checkpoint, cosigners, proofFiles: proofs.map((p) => p.path) };
  } finally {
    if (open === undefined) await log.close();
  }
}

async function writeTilesFrom(
  repoDir: string,
  log: AppendableLog,
  size: number,
  checkpoint: string,
): Promise<void> {
  const from = Math.min(servedSize(repoDir), size);
  await writeTiles(join(repoDir, 'log'), log, from, size, checkpoint);
}
