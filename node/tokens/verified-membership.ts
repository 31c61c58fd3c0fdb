// The member and revocation lists through the verified path (docs/GOVERNANCE.md "Membership"): a TUF
// client update against the repository's mirror, each list's leaf proved in the transparency log,
// then each list's own signature checked against the membership authority. Nothing else is trusted:
// not a local file, not a list that names another authority, not an older list than one already seen.
import {
  MEMBERS_TARGET,
  MembershipError,
  parseMemberList,
  parseRevocationList,
  REVOCATIONS_TARGET,
  type MemberList,
  type RevocationList,
} from '../../governance/index.js';
import { fetchVerifiedTarget, type GossipPolicy, type LogTrust } from '../../packs/index.js';

export interface MembershipSource {
  /** Mirror base URL (/metadata/, /targets/, /log/ below it). */
  mirror: string;
  /** TUF trusted metadata directory; holds root.json at least. */
  metadataDir: string;
  downloadDir: string;
  trust: LogTrust;
  gossip: GossipPolicy;
  /** The last checkpoint accepted from this log (consistency is proved from it). */
  lastAccepted?: string;
  /** The membership authority's Ed25519 public key (hex), when pinned; else the list's own. */
  authority?: string;
  /** The lists seen last: an older version is a rollback and is refused. */
  previous?: { members: number; revocations: number };
  timeoutMs?: number;
}

export interface VerifiedMembership {
  members: MemberList;
  revocations: RevocationList;
  /** The log checkpoint the second list was proved in (pass as lastAccepted next time). */
  checkpoint: string;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function json(bytes: Uint8Array, what: string): unknown {
  try {
    // this value is attacker-controlled until its authority signature checks (TUF bounded its length)
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch (e) {
    throw new MembershipError('membership_invalid', `${what} is not JSON`, { cause: e });
  }
}

function authorityOf(v: unknown, pinned: string | undefined): string {
  const named = (v as { authority?: unknown } | null)?.authority;
  if (typeof named !== 'string')
    throw new MembershipError('membership_invalid', 'the member list names no authority');
  if (pinned !== undefined && named !== pinned)
    throw new MembershipError(
      'membership_authority',
      `the member list is signed by ${named.slice(0, 12)}…, not the pinned authority ${pinned.slice(0, 12)}…`,
      { hint: 'the repository publishes another authority’s list: ask its maintainers' },
    );
  return named;
}

/**
 * Downloads and verifies both lists.
 *
 * @throws PackError tuf_refused, target_missing, proof_missing, log_* , quorum_not_met, gossip_failed
 * @throws MembershipError membership_invalid, membership_signature, membership_authority (also for a
 *   list older than `previous`)
 * @example const m = await fetchVerifiedMembership({ mirror, metadataDir, downloadDir, trust, gossip });
 */
export async function fetchVerifiedMembership(s: MembershipSource): Promise<VerifiedMembership> {
  const get = (targetPath: string, lastAccepted: string | undefined) =>
    fetchVerifiedTarget({
      mirror: s.mirror,
      metadataDir: s.metadataDir,
      downloadDir: s.downloadDir,
      targetPath,
      trust: s.trust,
      gossip: s.gossip,
      ...(lastAccepted === undefined ? {} : { lastAccepted }),
      ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
    });
  const m = await get(MEMBERS_TARGET, s.lastAccepted);
  const r = await get(REVOCATIONS_TARGET, m.log.accepted);
  const mv = json(m.bytes, MEMBERS_TARGET);
  const authority = authorityOf(mv, s.authority);
  const members = parseMemberList(mv, authority);
  const revocations = parseRevocationList(json(r.bytes, REVOCATIONS_TARGET), authority);
  const prev = s.previous;
  if (
    prev !== undefined &&
    (members.version < prev.members || revocations.version < prev.revocations)
  )
    throw new MembershipError(
      'membership_authority',
      `the repository serves member list v${members.version} / revocation list v${revocations.version}, older than v${prev.members} / v${prev.revocations} already seen`,
      { hint: 'a mirror may be replaying old lists; try another mirror' },
    );
  return { members, revocations, checkpoint: r.log.accepted };
}
