// docs/guard.md "Receipts" (anchoring): `mesh receipts anchor` and `verify --anchored` as one
// service: the anchor file always, and the node's receipt log with witness cosignatures where the
// node has witnesses (config `receipts.log`, or --witness flags).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  anchorHead,
  readAnchors,
  verifyReceipts,
  type AnchoredHead,
  type VerifyReport,
} from '../../guard/index.js';
import { parseWitnessFlag } from '../cli/commands/publish.js';
import { UsageError } from '../errors.js';
import { publicKeyHex } from './node-key.js';
import type { StateDir } from '../state/state-dir.js';
import {
  anchorInLog,
  checkLogAnchor,
  receiptLogOrigin,
  type LogAnchor,
  type ReceiptLog,
} from './receipt-log.js';

export interface AnchorTarget {
  state: StateDir;
  store: string;
  anchorFile: string;
  /** --witness URL=VKEY flags; none: the config's `receipts.log` section. */
  witnesses: readonly string[];
  quorum?: string;
}

/**
 * The node's receipt log, or null when the node has no witnesses to cosign it.
 * @throws UsageError on a bad --witness or --quorum
 * @example receiptLogFor(target, publicKeyHex)
 */
export function receiptLogFor(t: AnchorTarget, publicKeyHex: string): ReceiptLog | null {
  const section = t.state.config.receipts?.log;
  const specs = t.witnesses.length > 0 ? t.witnesses : (section?.witnesses ?? []);
  if (specs.length === 0) return null;
  const witnesses = specs.map(parseWitnessFlag);
  const quorum =
    t.quorum !== undefined
      ? Number(t.quorum)
      : t.witnesses.length > 0
        ? witnesses.length
        : (section?.quorum ?? witnesses.length);
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > witnesses.length)
    throw new UsageError('--quorum must be between 1 and the number of witnesses');
  return {
    storeDir: t.state.path('anchors', 'receipt-log.db'),
    tilesDir: t.state.path('anchors', 'receipt-log'),
    origin: section?.origin ?? receiptLogOrigin(publicKeyHex),
    witnesses,
    quorum,
  };
}

export interface Anchored extends AnchoredHead {
  file: string;
  log?: Omit<LogAnchor, 'proof'> & { origin: string };
}

/**
 * Appends the latest signed head to the anchor file and, with witnesses, to the receipt log
 * (signed with the node key, read only then).
 * @throws GuardError receipt_store_invalid (no head yet); NodeError quorum_not_met
 * @example await anchorReceipts(target, () => readNodeSeed(file, false))
 */
export async function anchorReceipts(t: AnchorTarget, nodeSeed: () => Buffer): Promise<Anchored> {
  mkdirSync(dirname(t.anchorFile), { recursive: true, mode: 0o700 });
  const head = anchorHead(t.store, t.anchorFile);
  const hasLog = t.witnesses.length > 0 || t.state.config.receipts?.log !== undefined;
  if (!hasLog) return { ...head, file: t.anchorFile };
  const seed = nodeSeed();
  const cfg = receiptLogFor(t, publicKeyHex(seed));
  if (cfg === null) return { ...head, file: t.anchorFile };
  const { proof: _proof, ...logged } = await anchorInLog(cfg, head, seed);
  return { ...head, file: t.anchorFile, log: { ...logged, origin: cfg.origin } };
}

/**
 * The chain checked against every anchored head: the anchor file's and, where the node has a
 * receipt log, the log's (its checkpoint, cosignatures and witnesses' sizes checked too).
 * @example await verifyAnchored(target, pinnedKeyHex, { head })
 */
export async function verifyAnchored(
  t: AnchorTarget,
  key: string,
  extra: { head?: string },
): Promise<VerifyReport & { log?: { origin: string; size: number; cosigners: string[] } }> {
  const cfg = receiptLogFor(t, key);
  const problems: string[] = [];
  let anchors: AnchoredHead[] = [];
  try {
    anchors = readAnchors(t.anchorFile);
  } catch (e) {
    if (cfg === null) throw e;
    problems.push((e as Error).message);
  }
  let log: { origin: string; size: number; cosigners: string[] } | undefined;
  if (cfg !== null) {
    const c = await checkLogAnchor(cfg, Buffer.from(key, 'hex'));
    problems.push(...c.problems);
    anchors = [...anchors, ...c.heads.map((h) => ({ ...h, anchored: 'log' }))];
    log = { origin: cfg.origin, size: c.size, cosigners: c.cosigners };
  }
  const report = verifyReceipts(t.store, { key, ...extra, anchors });
  const all = [...report.problems, ...problems];
  return { ...report, ok: all.length === 0, problems: all, ...(log ? { log } : {}) };
}
