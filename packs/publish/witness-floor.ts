// c2sp.org/tlog-witness: once a log's checkpoints carry a witness quorum, a publish without that
// quorum would hand subscribers a checkpoint they refuse (or, worse, one nobody watched). The
// largest quorum a publish reached is kept beside the repository and required from then on.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseNote } from '../../log/index.js';
import { PackError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';

export const witnessFloorPath = (repoDir: string): string => `${repoDir}.witnessed.json`;

/** Cosignatures on the checkpoint the repository serves now (every line but the log's own). */
function servedCosignatures(repoDir: string): number {
  const file = join(repoDir, 'log', 'checkpoint');
  if (!existsSync(file)) return 0;
  const note = parseNote(readFileSync(file, 'utf8'));
  return Math.max(0, note.signatures.length - 1);
}

/** The floor as recorded, or undefined for a repository that has no record yet. */
function recorded(repoDir: string): number | undefined {
  const path = witnessFloorPath(repoDir);
  if (!existsSync(path)) return undefined;
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { quorum?: unknown };
  if (typeof doc.quorum === 'number' && Number.isSafeInteger(doc.quorum) && doc.quorum >= 0)
    return doc.quorum;
  throw new PackError('publish_invalid', `${path}: not a witness floor record`);
}

/**
 * The witness quorum this repository's log has reached (0 while it was never witnessed). A
 * repository without a record yet (a copy, or one written before records) whose served checkpoint
 * is cosigned needs at least one witness: the quorum it was published with is not in the note.
 */
export function witnessFloor(repoDir: string): number {
  return recorded(repoDir) ?? Math.min(1, servedCosignatures(repoDir));
}

/**
 * Throws `witness_quorum_required` when `quorum` is below what the log has reached, unless forced.
 *
 * @throws PackError witness_quorum_required
 */
export function requireWitnessFloor(repoDir: string, quorum: number, force: boolean): void {
  const floor = witnessFloor(repoDir);
  if (quorum >= floor || force) return;
  throw new PackError(
    'witness_quorum_required',
    `this log is published with a quorum of ${floor} witness cosignature(s); a publish with quorum ${quorum} was refused and nothing was published`,
    `give --witness URL=VKEY for its witnesses (--quorum ${floor}), or --force-unwitnessed if you really mean to publish unwatched`,
  );
}

/** Records the quorum a publish asked for and got; the floor only rises. */
export function raiseWitnessFloor(repoDir: string, quorum: number): void {
  if (quorum > (recorded(repoDir) ?? 0))
    writeFileAtomic(witnessFloorPath(repoDir), JSON.stringify({ schema: 1, quorum }));
}
