// The member and revocation lists through the verified path (docs/GOVERNANCE.md "Membership"): a TUF
// client update against the repository's mirror, each list's leaf proved in the transparency log,
// then each list's own signature checked against the membership authority. Nothing else is trusted:
// not a local file, not a list that names another authority, not an older list than one already seen.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
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
  /**
   * This reader's own state: metadata/ (the TUF client's trusted metadata), download/, and
   * seen.json (the last checkpoint accepted and the list versions seen, against rollback).
   */
  dir: string;
  /** The initial trusted root.json, copied into metadata/ the first time only. */
  rootFile: string;
  trust: LogTrust;
  gossip: GossipPolicy;
  /** A checkpoint to prove consistency from before this reader accepted one of its own. */
  lastAccepted?: string;
  /** The membership authority's Ed25519 public key (hex), when pinned; else the list's own. */
  authority?: string;
  timeoutMs?: number;
}

interface Seen {
  checkpoint: string;
  members: number;
  revocations: number;
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

function readSeen(file: string): Seen | undefined {
  if (!existsSync(file)) return undefined;
  const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<Seen>;
  if (
    typeof v.checkpoint !== 'string' ||
    !Number.isSafeInteger(v.members) ||
    !Number.isSafeInteger(v.revocations)
  )
    throw new MembershipError('membership_invalid', `${file} is damaged`, {
      hint: 'remove it; the lists are read again from the mirror',
    });
  return v as Seen;
}

/** Whether this reader has accepted lists before (a missing list is then a failure, not "none"). */
export const hasSeenMembership = (dir: string): boolean => existsSync(join(dir, 'seen.json'));

/**
 * Downloads and verifies both lists; on success records what it accepted in `dir`.
 *
 * @throws PackError tuf_refused, target_missing, proof_missing, log_* , quorum_not_met, gossip_failed
 * @throws MembershipError membership_invalid, membership_signature, membership_authority (also for a
 *   list older than `previous`)
 * @example const m = await fetchVerifiedMembership({ mirror, metadataDir, downloadDir, trust, gossip });
 */
export async function fetchVerifiedMembership(s: MembershipSource): Promise<VerifiedMembership> {
  const metadataDir = join(s.dir, 'metadata');
  mkdirSync(metadataDir, { recursive: true, mode: 0o700 });
  if (!existsSync(join(metadataDir, 'root.json')))
    writeFileAtomic(join(metadataDir, 'root.json'), readFileSync(s.rootFile));
  const seenFile = join(s.dir, 'seen.json');
  const prev = readSeen(seenFile);
  const get = (targetPath: string, lastAccepted: string | undefined) =>
    fetchVerifiedTarget({
      mirror: s.mirror,
      metadataDir,
      downloadDir: join(s.dir, 'download'),
      targetPath,
      trust: s.trust,
      gossip: s.gossip,
      ...(lastAccepted === undefined ? {} : { lastAccepted }),
      ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
    });
  const m = await get(MEMBERS_TARGET, prev?.checkpoint ?? s.lastAccepted);
  const r = await get(REVOCATIONS_TARGET, m.log.accepted);
  const mv = json(m.bytes, MEMBERS_TARGET);
  const authority = authorityOf(mv, s.authority);
  const members = parseMemberList(mv, authority);
  const revocations = parseRevocationList(json(r.bytes, REVOCATIONS_TARGET), authority);
  if (
    prev !== undefined &&
    (members.version < prev.members || revocations.version < prev.revocations)
  )
    throw new MembershipError(
      'membership_authority',
      `the repository serves member list v${members.version} / revocation list v${revocations.version}, older than v${prev.members} / v${prev.revocations} already seen`,
      { hint: 'a mirror may be replaying old lists; try another mirror' },
    );
  const seen: Seen = {
    checkpoint: r.log.accepted,
    members: members.version,
    revocations: revocations.version,
  };
  writeFileAtomic(seenFile, `${JSON.stringify(seen)}\n`);
  return { members, revocations, checkpoint: r.log.accepted };
}
