// docs/architecture.md "Subscribe", log half: (a) the pack's leaf is included in a checkpoint signed by the log
// key (c2sp.org/tlog-proof@v1), (b) that checkpoint is consistent (RFC 9162 §2.1.4.2) with the last
// one this node accepted, (c) a quorum of trusted witnesses cosigned it; then the monitor rule (no
// second file for the pack's role version) over the log's entries, and gossip for split views.
import {
  LogError,
  leafHash,
  monitorLog,
  openCheckpoint,
  verifyConsistencyWitnessRule,
  verifyTlogProof,
  type OpenedCheckpoint,
  type TileReader,
} from '../../log/index.js';
import { PackError } from '../errors.js';
import { leafBytes, leafConflictKey, type Leaf } from '../leaf.js';
import {
  checkGossip,
  requiredQuorum,
  type GossipOutcome,
  type GossipPolicy,
  type LogTrust,
} from './trust-rules.js';

export type { LogTrust, GossipPolicy };

export interface LogCheckInput {
  leaf: Leaf;
  /** this value is attacker-controlled: the .tlog-proof the mirror served beside the target. */
  proof: string;
  trust: LogTrust;
  /** The last signed checkpoint this node accepted, if any. */
  lastAccepted?: string;
  /** The mirror's tiles, for consistency proofs and the monitor. */
  reader: TileReader;
  /** Who to gossip with; fails closed when no peer answers (trust-rules.ts). */
  gossip: GossipPolicy;
}

export interface LogCheckResult {
  /** The checkpoint to remember as accepted: the larger of the proof's and the last accepted. */
  accepted: string;
  size: number;
  index: number;
  witnesses: string[];
  gossip: GossipOutcome[];
}

const TRANSPORT: ReadonlySet<string> = new Set(['body_too_large', 'body_timeout', 'fetch_failed']);

function wrap(code: 'log_inclusion_failed' | 'log_inconsistent', what: string, e: unknown): never {
  if (e instanceof LogError && e.code === 'quorum_not_met')
    throw new PackError('quorum_not_met', `${what}: ${e.message}`, 'check --witness and --quorum');
  // the mirror did not deliver (too much, too slowly, or not at all): not a verdict on the log
  if (e instanceof LogError && TRANSPORT.has(e.code))
    throw new PackError(
      'mirror_unreachable',
      `${what}: [${e.code}] ${e.message}`,
      'the mirror may be down or hostile; the last good pack stays. Try again or use another --mirror',
    );
  if (e instanceof LogError || e instanceof PackError)
    throw new PackError(code, `${what}: ${e.message}`);
  throw e;
}

async function checkConsistency(
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

export async function verifyLogged(input: LogCheckInput): Promise<LogCheckResult> {
  const { trust, reader } = input;
  const quorum = requiredQuorum(trust);
  let proved;
  try {
    proved = verifyTlogProof(input.proof, leafHash(leafBytes(input.leaf)), {
      logKeys: trust.logKeys,
      witnesses: trust.witnesses,
      quorum,
    });
  } catch (e) {
    wrap('log_inclusion_failed', 'the pack is not proven in the log', e);
  }
  const proofCp = openCheckpoint(proofCheckpoint(input.proof), trust.logKeys);
  let accepted = proofCp;
  let acceptedNote = proofCheckpoint(input.proof);
  if (input.lastAccepted !== undefined) {
    try {
      const last = openCheckpoint(input.lastAccepted, trust.logKeys);
      if (last.checkpoint.origin !== proofCp.checkpoint.origin)
        throw new PackError('log_inconsistent', 'the proof is from another log origin');
      await checkConsistency(reader, last, proofCp);
      if (last.checkpoint.size > proofCp.checkpoint.size) {
        accepted = last;
        acceptedNote = input.lastAccepted;
      }
    } catch (e) {
      wrap('log_inconsistent', 'the log is not consistent with the last accepted checkpoint', e);
    }
  }
  // the log as the mirror serves it now must extend what we accept, and the monitor reads all of it
  let current: OpenedCheckpoint;
  let currentNote: string;
  try {
    currentNote = await reader.checkpoint();
    current = openCheckpoint(currentNote, trust.logKeys);
    await checkConsistency(reader, accepted, current);
  } catch (e) {
    wrap('log_inconsistent', "the mirror's log does not extend the accepted checkpoint", e);
  }
  if (current.checkpoint.size > accepted.checkpoint.size) {
    accepted = current;
    acceptedNote = currentNote;
  }
  await checkMonitor(input.leaf, reader, accepted);
  const gossip = await checkGossip(input.gossip, trust.logKeys, acceptedNote, reader);
  return {
    accepted: acceptedNote,
    size: accepted.checkpoint.size,
    index: proved.index,
    witnesses: proved.witnesses,
    gossip,
  };
}

/** this value is attacker-controlled; verifyTlogProof already parsed it, so the cut is safe. */
function proofCheckpoint(proof: string): string {
  return proof.slice(proof.indexOf('\n\n') + 2);
}

async function checkMonitor(leaf: Leaf, reader: TileReader, cp: OpenedCheckpoint): Promise<void> {
  let report;
  try {
    report = await monitorLog(reader, cp.checkpoint, leafConflictKey);
  } catch (e) {
    wrap('log_inconsistent', 'the log entries could not be read', e);
  }
  if (!report.rootMatches)
    throw new PackError('log_inconsistent', "the log's entries do not hash to its checkpoint");
  const mine = `${leaf.role}|${String(leaf.version)}|`;
  const hit = report.conflicts.find((c) => c.key.startsWith(mine));
  if (hit !== undefined)
    throw new PackError(
      'log_conflict',
      `the log holds two different files for ${hit.key.replaceAll('|', ' ')}: ` +
        hit.entries.map((x) => `#${x.index} ${x.value.slice(0, 16)}`).join(' vs '),
      'an online key may be stolen: tell the maintainers and keep the last good pack',
    );
}
