// docs/guard.md "Receipts" (anchoring in a log): the receipt chain's signed head appended to the
// node's own transparency log (RFC 6962 tree, c2sp.org/tlog-checkpoint signed with the node key,
// c2sp.org/tlog-tiles on disk) and cosigned by witnesses (c2sp.org/tlog-witness). Verification
// opens the cosigned checkpoint with the pinned key and the witness quorum, rebuilds the tree from
// the tiles, hands every logged head to the chain check, and asks each witness whether it has seen
// a larger log (a rolled-back log is found even when the anchor file was truncated with it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AppendableLog,
  countCosigners,
  ed25519Signer,
  ed25519Verifier,
  formatTlogProof,
  leafHash,
  MemoryTree,
  openCheckpoint,
  parseNote,
  readAllEntries,
  requestCosignatures,
  signerVkey,
  TileReader,
  writeTiles,
  type WitnessEndpoint,
} from '../../log/index.js';
import { bytesEqual } from '../../common/index.js';
import { canonicalJson, type AnchoredHead } from '../../guard/index.js';
import { NodeError } from '../errors.js';

export interface ReceiptLog {
  /** The log's store (written by `mesh receipts anchor` only) and its tiles (read by anyone). */
  storeDir: string;
  tilesDir: string;
  origin: string;
  witnesses: readonly WitnessEndpoint[];
  quorum: number;
}

export type LoggedHead = Omit<AnchoredHead, 'anchored'>;

/** The default origin: one log per node key. */
export const receiptLogOrigin = (publicKeyHex: string): string =>
  `mesh-receipts/${publicKeyHex.slice(0, 16)}`;

/**
 * The log's verifier key (vkey), for the witnesses' `witness.logs` config.
 * @example receiptLogVkey(seed, 'mesh-receipts/0a1b…') // 'mesh-receipts/0a1b…+1234abcd+AX…'
 */
export function receiptLogVkey(seed: Uint8Array, origin: string): string {
  return signerVkey(ed25519Signer(origin, seed));
}

/** A logged head's leaf: the canonical JSON of its four fields. */
export const headLeaf = (h: LoggedHead): Uint8Array =>
  new TextEncoder().encode(canonicalJson({ seq: h.seq, hash: h.hash, key: h.key, sig: h.sig }));

export interface LogAnchor {
  index: number;
  size: number;
  cosigners: string[];
  /** c2sp.org/tlog-proof of the head in the cosigned checkpoint. */
  proof: string;
}

/**
 * Appends `head` (once: the same head again is only cosigned again), asks the witnesses for their
 * quorum of cosignatures, then writes the tiles and the cosigned checkpoint.
 * @throws NodeError quorum_not_met (the head is logged; anchoring again finishes it) or a LogError
 * @example await anchorInLog(log, head, seed)
 */
export async function anchorInLog(
  cfg: ReceiptLog,
  head: LoggedHead,
  seed: Uint8Array,
): Promise<LogAnchor> {
  const log = await AppendableLog.open({
    dir: cfg.storeDir,
    origin: cfg.origin,
    signer: ed25519Signer(cfg.origin, seed),
  });
  try {
    const leaf = headLeaf(head);
    const last = log.size === 0 ? [] : await log.entries(log.size - 1, log.size);
    const index =
      last[0] !== undefined && bytesEqual(last[0], leaf)
        ? log.size - 1
        : (await log.append(leaf)).index;
    const size = log.size;
    let cosigned;
    try {
      cosigned = await requestCosignatures({
        checkpoint: log.checkpoint(),
        size,
        witnesses: cfg.witnesses,
        quorum: cfg.quorum,
        proof: (old) => log.tree.consistencyProof(old, size),
      });
    } catch (e) {
      throw new NodeError(
        'quorum_not_met',
        `receipt log: ${(e as Error).message}`,
        'the head is in the log; bring the witnesses back and run mesh receipts anchor again',
        { cause: e },
      );
    }
    await writeTiles(cfg.tilesDir, log, 0, size, cosigned.checkpoint);
    const proof = formatTlogProof({
      index,
      proof: log.tree.inclusionProof(index, size),
      checkpoint: cosigned.checkpoint,
    });
    return { index, size, cosigners: cosigned.cosigners, proof };
  } finally {
    await log.close();
  }
}

export interface LogCheck {
  heads: LoggedHead[];
  size: number;
  cosigners: string[];
  problems: string[];
}

/** Tiles below the log's folder, read with the reader's own caps (this is a local folder). */
const fileGetter =
  (dir: string) =>
  async (path: string, maxBytes: number): Promise<Uint8Array | undefined> => {
    try {
      const body = await readFile(join(dir, path));
      return body.length > maxBytes ? body.subarray(0, maxBytes + 1) : body;
    } catch {
      return undefined;
    }
  };

/** this value is attacker-controlled: a logged entry is parsed, never trusted, before the chain check. */
export function parseHeadLeaf(entry: Uint8Array): LoggedHead | null {
  try {
    const o = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entry)) as LoggedHead;
    return typeof o.seq === 'number' &&
      typeof o.hash === 'string' &&
      typeof o.key === 'string' &&
      typeof o.sig === 'string'
      ? { seq: o.seq, hash: o.hash, key: o.key, sig: o.sig }
      : null;
  } catch {
    return null;
  }
}

/**
 * Witnesses that hold a larger size of this log than the checkpoint (the log was rolled back), and
 * witnesses that could not be asked: a rollback is not ruled out against those, so each is a problem.
 */
async function rollbacks(cfg: ReceiptLog, checkpoint: string, size: number): Promise<string[]> {
  const known = new Map(cfg.witnesses.map((w) => [w.url, size]));
  const asked = await requestCosignatures({
    checkpoint,
    size,
    witnesses: cfg.witnesses,
    quorum: 0,
    // A witness that asks for a proof from an older size than ours is behind, not ahead.
    proof: () => [],
    knownSizes: known,
  });
  const ahead = [...known]
    .filter(([, n]) => n > size)
    .map(
      ([url, n]) =>
        `witness ${url} has cosigned size ${n} of the receipt log; the log here has ${size} (rolled back)`,
    );
  const unasked = asked.failures
    .filter((f) => (known.get(f.url) ?? size) <= size)
    .map(
      (f) =>
        `witness ${f.url} could not be asked (${f.reason}); a rollback is not ruled out against it`,
    );
  return [...ahead, ...unasked];
}

/**
 * Checks the log-anchored heads: the checkpoint signed by `publicKey`, cosigned by the quorum,
 * matching the tiles' entries, and no witness holding a larger log.
 * @throws never for a bad log: every finding is a problem in the result
 * @example const c = await checkLogAnchor(log, pinnedKeyHex)
 */
export async function checkLogAnchor(cfg: ReceiptLog, publicKey: Uint8Array): Promise<LogCheck> {
  const problems: string[] = [];
  const out = (p: string): LogCheck => ({ heads: [], size: 0, cosigners: [], problems: [p] });
  const reader = new TileReader(fileGetter(cfg.tilesDir));
  let text: string;
  try {
    text = await reader.checkpoint();
  } catch {
    return out(`no log-anchored head in ${cfg.tilesDir} (run mesh receipts anchor)`);
  }
  let checkpoint;
  try {
    const verifiers = new Map([[cfg.origin, [ed25519Verifier(cfg.origin, publicKey)]]]);
    checkpoint = openCheckpoint(parseNote(text), verifiers).checkpoint;
  } catch (e) {
    return out(
      `the receipt log's checkpoint is not signed by the node key: ${(e as Error).message}`,
    );
  }
  const cosigners = countCosigners(
    text,
    cfg.witnesses.map((w) => w.verifier),
  );
  if (cosigners.length < cfg.quorum)
    problems.push(
      `the receipt log's checkpoint has ${cosigners.length} of ${cfg.quorum} witness cosignatures`,
    );
  const heads: LoggedHead[] = [];
  try {
    const entries = await readAllEntries(reader, checkpoint.size);
    const tree = new MemoryTree();
    for (const e of entries) tree.append(leafHash(e));
    if (entries.length !== checkpoint.size || !bytesEqual(tree.root(), checkpoint.root))
      problems.push("the receipt log's entries do not match its checkpoint");
    entries.forEach((e, i) => {
      const h = parseHeadLeaf(e);
      if (h === null) problems.push(`receipt log entry ${i} is not a signed head`);
      else heads.push(h);
    });
  } catch (e) {
    problems.push(`the receipt log's tiles cannot be read: ${(e as Error).message}`);
  }
  problems.push(...(await rollbacks(cfg, text, checkpoint.size)));
  return { heads, size: checkpoint.size, cosigners, problems };
}
