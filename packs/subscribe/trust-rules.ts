// The witness-quorum and gossip rules every verification of a repository applies (docs/architecture.md
// "Subscribe"), written once: fail closed unless the operator opted out explicitly and visibly.
import {
  countCosigners,
  gossipWithPeer,
  LogError,
  type NoteVerifier,
  type SplitViewEvidence,
  type TileReader,
} from '../../log/index.js';
import { PackError } from '../errors.js';

export interface LogTrust {
  /** Log keys per origin. */
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>;
  witnesses: readonly NoteVerifier[];
  /** Cosignatures the operator asked for. */
  quorum: number;
  /** The governance policy's witness quorum, handed in by the caller (node/ reads governance/). */
  policyQuorum: number;
  /** `--allow-no-witness`: `quorum` alone applies, even 0. Reported by `mesh doctor` as a warning. */
  allowNoWitness?: boolean;
}

export interface GossipPolicy {
  /** Peers serving /gossip/checkpoints. */
  peers: readonly string[];
  /** `--no-gossip`: no exchange at all. Reported by `mesh doctor` as a warning. */
  disabled?: boolean;
}

/** A split view seen through gossip: the refresh is refused and the evidence kept by the caller. */
export class SplitViewError extends PackError {
  constructor(
    message: string,
    readonly evidence: readonly SplitViewEvidence[],
  ) {
    super(
      'split_view',
      message,
      'the log operator showed different trees to different nodes; report the evidence, then clear it with: mesh gossip clear-evidence',
    );
  }
}

/**
 * The cosignatures a checkpoint needs: the policy's quorum (or more if asked), unless the operator
 * allowed fewer explicitly.
 *
 * @throws {PackError} `quorum_not_met` when fewer witnesses are trusted than the rule needs
 * @example
 * verifyTlogProof(proof, leafHash, { ...trust, quorum: requiredQuorum(trust) });
 */
export function requiredQuorum(t: LogTrust): number {
  const need = t.allowNoWitness === true ? t.quorum : Math.max(t.quorum, t.policyQuorum);
  if (t.witnesses.length < need)
    throw new PackError(
      'quorum_not_met',
      `${need} witness cosignatures are required (governance policy) but only ` +
        `${t.witnesses.length} witness key(s) are trusted`,
      'give --witness VKEY for each trusted witness, or accept unwitnessed packs explicitly with --allow-no-witness',
    );
  return need;
}

/**
 * The witnesses of `trust` that cosigned the signed checkpoint `note`, at least the required quorum.
 *
 * @throws {PackError} `quorum_not_met`
 * @example
 * const cosigners = requireCosigned(await reader.checkpoint(), trust);
 */
export function requireCosigned(note: string, trust: LogTrust): string[] {
  const need = requiredQuorum(trust);
  const cosigners = countCosigners(note, trust.witnesses);
  if (cosigners.length < need)
    throw new PackError(
      'quorum_not_met',
      `the checkpoint is cosigned by ${cosigners.length} of the required ${need} trusted witnesses`,
      'the log may be showing a view no witness checked; keep the last good copy',
    );
  return cosigners;
}

export interface GossipOutcome {
  peer: string;
  status: string;
}

/** Exchanges that prove the peer holds (or now holds) our origin's view. */
const ANSWERED = new Set(['accepted', 'known', 'older']);

/**
 * Gossip of `own` with every peer: a split view, or a peer that cannot be reached or does not
 * gossip this log, refuses the refresh (unless gossip is disabled, or no peer is configured).
 *
 * @throws {SplitViewError} `split_view` with the verified evidence
 * @throws {PackError} `gossip_failed` naming the peer and why
 */
export async function checkGossip(
  policy: GossipPolicy,
  logKeys: LogTrust['logKeys'],
  own: string,
  reader: TileReader,
): Promise<GossipOutcome[]> {
  if (policy.disabled === true) return [{ peer: '-', status: 'disabled' }];
  if (policy.peers.length === 0)
    throw new PackError(
      'gossip_failed',
      'no gossip peer is configured',
      'give --gossip URL (a mirror or node serving /gossip/checkpoints), or --no-gossip',
    );
  const out: GossipOutcome[] = [];
  for (const peer of policy.peers) {
    let report;
    try {
      report = await gossipWithPeer(peer, { logKeys, own, reader });
    } catch (e) {
      if (e instanceof LogError && e.code === 'root_mismatch')
        throw new SplitViewError(`gossip with ${peer}: ${e.message}`, []);
      throw new PackError(
        'gossip_failed',
        `gossip with ${peer} failed: ${(e as Error).message}`,
        'the peer must serve /gossip/checkpoints for this log; fix --gossip URL, or --no-gossip',
      );
    }
    if (report.conflicts.length > 0)
      throw new SplitViewError(
        `gossip with ${peer} shows a split view of ${report.conflicts[0]?.origin ?? 'the log'}: ` +
          'two signed checkpoints that cannot both be true',
        report.conflicts,
      );
    if (!ANSWERED.has(report.pushed))
      throw new PackError(
        'gossip_failed',
        `gossip with ${peer}: the peer did not take our checkpoint (${report.pushed})`,
        'the peer must gossip this log (its mirror.logKey); fix --gossip URL, or --no-gossip',
      );
    out.push({ peer, status: report.pushed });
  }
  return out;
}
