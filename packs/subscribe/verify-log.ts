// docs/architecture.md "Subscribe", log half for one leaf: (a) the leaf is included in a checkpoint signed by
// the log key (c2sp.org/tlog-proof@v1), (b) the log is consistent (RFC 9162 §2.1.4.2) with the last
// checkpoint this node accepted, (c) a quorum of trusted witnesses cosigned it; then the monitor
// rule and gossip. The rules themselves live once in accept-log.ts.
import type { TileReader } from '../../log/index.js';
import type { Leaf } from '../leaf.js';
import { acceptLog, proveLeaf } from './accept-log.js';
import type { GossipOutcome, GossipPolicy, LogTrust } from './trust-rules.js';

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
  /** The checkpoint to remember as accepted: the larger of the mirror's and the last accepted. */
  accepted: string;
  size: number;
  index: number;
  witnesses: string[];
  gossip: GossipOutcome[];
}

/**
 * One leaf proven in the mirror's log under every rule of acceptLog and proveLeaf.
 *
 * @throws {PackError} log_inclusion_failed, log_inconsistent, log_conflict, quorum_not_met,
 * gossip_failed, mirror_unreachable
 * @throws {SplitViewError} split_view
 * @example
 * const r = await verifyLogged({ leaf, proof, trust, reader, gossip, lastAccepted });
 * state.checkpoint = r.accepted;
 */
export async function verifyLogged(input: LogCheckInput): Promise<LogCheckResult> {
  const log = await acceptLog(input);
  const proved = await proveLeaf(log, input.reader, input.trust, input.leaf, input.proof);
  return {
    accepted: log.accepted,
    size: log.size,
    index: proved.index,
    witnesses: proved.witnesses,
    gossip: log.gossip,
  };
}
