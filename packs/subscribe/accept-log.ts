// docs/architecture.md "Subscribe", log half, written once for subscribe, verify and mirror seeding: the
// mirror's checkpoint signed by the log key (c2sp.org/signed-note), cosigned by the witness quorum
// (c2sp.org/tlog-cosignature), consistent (RFC 9162 §2.1.4.2) with the last one accepted, its
// entries hashing to its root (RFC 6962 §2.1) and gossiped for split views; then each leaf's
// c2sp.org/tlog-proof against that accepted checkpoint.
import {
  LogError,
  leafHash,
  monitorLog,
  openCheckpoint,
  verifyConsistencyWitnessRule,
  verifyTlogProof,
  type MonitorConflict,
  type OpenedCheckpoint,
  type TileReader,
} from '../../log/index.js';
import { PackError } from '../errors.js';
import { leafBytes, leafConflictKey, type Leaf } from '../leaf.js';
import {
  checkGossip,
  requireCosigned,
  requiredQuorum,
  type GossipOutcome,
  type GossipPolicy,
  type LogTrust,
} from './trust-rules.js';

export interface AcceptLogInput {
  /** The mirror's tiles (c2sp.org/tlog-tiles): checkpoint, consistency proofs and entries. */
  reader: TileReader;
  trust: LogTrust;
  gossip: GossipPolicy;
  /** The last signed checkpoint this node accepted, if any. */
  lastAccepted?: string;
}

export interface AcceptedLog {
  /** The signed checkpoint to remember as accepted: the larger of the mirror's and the last one. */
  accepted: string;
  /** The size of the accepted checkpoint. */
  size: number;
  /** The mirror's current signed checkpoint, and opened. */
  note: string;
  opened: OpenedCheckpoint;
  /** Trusted witnesses that cosigned it (at least the required quorum). */
  cosigners: string[];
  quorum: number;
  /** Every entry up to its size; they hash to its root. */
  entries: Uint8Array[];
  /** Role versions the log holds two different files for. */
  conflicts: MonitorConflict[];
  gossip: GossipOutcome[];
}

const TRANSPORT: ReadonlySet<string> = new Set(['body_too_large', 'body_timeout', 'fetch_failed']);

/** A log or pack failure as the subscriber's coded refusal; anything else is rethrown. */
export function refusal(
  code: 'log_inclusion_failed' | 'log_inconsistent',
  what: string,
  e: unknown,
): never {
  if (e instanceof PackError) throw e;
  if (e instanceof LogError && e.code === 'quorum_not_met')
    throw new PackError('quorum_not_met', `${what}: ${e.message}`, 'check --witness and --quorum', {
      cause: e,
    });
  // the mirror did not deliver (too much, too slowly, or not at all): not a verdict on the log
  if (e instanceof LogError && TRANSPORT.has(e.code))
    throw new PackError(
      'mirror_unreachable',
      `${what}: [${e.code}] ${e.message}`,
      'the mirror may be down or hostile; the last good copy stays. Try again or use another mirror',
      { cause: e },
    );
  if (e instanceof LogError)
    throw new PackError(code, `${what}: ${e.message}`, undefined, { cause: e });
  throw e;
}

async function consistent(
  reader: TileReader,
  a: OpenedCheckpoint,
  b: OpenedCheckpoint,
): Promise<void> {
  const [small, big] = a.checkpoint.size <= b.checkpoint.size ? [a, b] : [b, a];
  const m = small.checkpoint.size;
  const n = big.checkpoint.size;
  const proof = m === 0 || m === n ? [] : await reader.consistencyProof(m, n);
  verifyConsistencyWitnessRule(m, n, small.checkpoint.root, big.checkpoint.root, proof);
}

/**
 * The mirror's log as this node may accept it: every rule of docs/architecture.md "Subscribe" (log
 * key, witness quorum, consistency with `lastAccepted`, entries against the root, gossip).
 *
 * @throws {PackError} mirror_unreachable, log_inconsistent, quorum_not_met, gossip_failed
 * @throws {SplitViewError} split_view (carries the evidence)
 * @example
 * const log = await acceptLog({ reader: new TileReader(`${mirror}/log`), trust, gossip });
 * saveCheckpoint(log.accepted);
 */
export async function acceptLog(input: AcceptLogInput): Promise<AcceptedLog> {
  const { reader, trust } = input;
  const quorum = requiredQuorum(trust);
  let note: string;
  let opened: OpenedCheckpoint;
  try {
    note = await reader.checkpoint();
    opened = openCheckpoint(note, trust.logKeys);
  } catch (e) {
    refusal('log_inconsistent', "the mirror's checkpoint is not signed by the log key", e);
  }
  const cosigners = requireCosigned(note, trust);
  let accepted = note;
  let size = opened.checkpoint.size;
  if (input.lastAccepted !== undefined)
    try {
      const last = openCheckpoint(input.lastAccepted, trust.logKeys);
      if (last.checkpoint.origin !== opened.checkpoint.origin)
        throw new PackError('log_inconsistent', 'the mirror serves another log origin');
      // a lagging mirror is fine if its log is a prefix of the accepted one
      await consistent(reader, last, opened);
      if (last.checkpoint.size > size) {
        accepted = input.lastAccepted;
        size = last.checkpoint.size;
      }
    } catch (e) {
      refusal('log_inconsistent', 'the log does not extend the last accepted checkpoint', e);
    }
  // this value is attacker-controlled: the entries, hashed and keyed while they stream
  const entries: Uint8Array[] = [];
  let report;
  try {
    report = await monitorLog(reader, opened.checkpoint, (e, i) => {
      entries[i] = e;
      return leafConflictKey(e, i);
    });
  } catch (e) {
    refusal('log_inconsistent', 'the log entries could not be read', e);
  }
  if (!report.rootMatches)
    throw new PackError('log_inconsistent', "the log's entries do not hash to its checkpoint");
  const gossip = await checkGossip(input.gossip, trust.logKeys, accepted, reader);
  return {
    accepted,
    size,
    note,
    opened,
    cosigners,
    quorum,
    entries,
    conflicts: report.conflicts,
    gossip,
  };
}

/**
 * `leaf` proven in `log` by its tlog-proof (attacker-controlled text): signed by the log key,
 * cosigned by the quorum, consistent with the accepted checkpoint, and the only file the log holds
 * for its role version.
 *
 * @throws {PackError} log_inclusion_failed, quorum_not_met, log_inconsistent, log_conflict
 * @example
 * const { index } = await proveLeaf(log, reader, trust, leaf, proofText);
 */
export async function proveLeaf(
  log: AcceptedLog,
  reader: TileReader,
  trust: LogTrust,
  leaf: Leaf,
  proof: string,
): Promise<{ index: number; witnesses: string[] }> {
  let proved;
  try {
    proved = verifyTlogProof(proof, leafHash(leafBytes(leaf)), { ...trust, quorum: log.quorum });
  } catch (e) {
    refusal('log_inclusion_failed', `${leaf.path} is not proven in the log`, e);
  }
  try {
    // verifyTlogProof parsed it, so the cut is safe
    const cp = openCheckpoint(proof.slice(proof.indexOf('\n\n') + 2), trust.logKeys);
    if (cp.checkpoint.origin !== log.opened.checkpoint.origin)
      throw new PackError('log_inconsistent', `the proof of ${leaf.path} is from another log`);
    await consistent(reader, cp, log.opened);
  } catch (e) {
    refusal('log_inconsistent', "the proof's checkpoint is not in the accepted log", e);
  }
  const mine = `${leaf.role}|${String(leaf.version)}|`;
  const hit = log.conflicts.find((c) => c.key.startsWith(mine));
  if (hit !== undefined)
    throw new PackError(
      'log_conflict',
      `the log holds two different files for ${hit.key.replaceAll('|', ' ')}: ` +
        hit.entries.map((x) => `#${x.index} ${x.value.slice(0, 16)}`).join(' vs '),
      'an online key may be stolen: tell the maintainers and keep the last good pack',
    );
  return { index: proved.index, witnesses: proved.witnesses };
}
