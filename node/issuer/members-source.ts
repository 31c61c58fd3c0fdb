// The issuer's view of the member and revocation lists (docs/GOVERNANCE.md "Membership"): read by
// the issuer itself through a TUF client update against the repository's mirror, each list proved
// in the log and checked against the authority, refreshed on a timer. Fail closed: before the first
// verified read, and once the last one is older than the allowed age, every organisation is refused.
import {
  lookupMember,
  type Member,
  type MemberList,
  type RevocationList,
} from '../../governance/index.js';
import type { Logger } from '../log/logger.js';
import { fetchVerifiedMembership, type MembershipSource } from '../tokens/verified-membership.js';

/** Why an organisation may not obtain tokens. */
export type MemberRefusal = 'revoked' | 'unknown' | 'unverified' | 'stale';

export interface MembersSourceOptions {
  /** The last verified read may be at most this old (ms). */
  maxAgeMs: number;
  now?: () => number;
  log?: Logger;
}

export class MembersSource {
  private lists?: { members: MemberList; revocations: RevocationList; at: number };
  private lastError = '';
  constructor(
    private readonly source: MembershipSource,
    private readonly o: MembersSourceOptions,
  ) {}

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** One TUF update; a failure keeps the last verified lists (until they are too old). */
  async refresh(): Promise<boolean> {
    try {
      const v = await fetchVerifiedMembership(this.source);
      this.lists = { members: v.members, revocations: v.revocations, at: this.now() };
      this.lastError = '';
      this.o.log?.info('member lists verified', {
        members: v.members.version,
        revocations: v.revocations.version,
      });
      return true;
    } catch (e) {
      this.lastError = `${(e as { code?: string }).code ?? 'internal'}: ${(e as Error).message}`;
      this.o.log?.warn('member lists not updated', { error: this.lastError });
      return false;
    }
  }

  /** What the last refresh said, for `/config` and logs. */
  status(): { verified?: { members: number; revocations: number; at: string }; error?: string } {
    return {
      ...(this.lists === undefined
        ? {}
        : {
            verified: {
              members: this.lists.members.version,
              revocations: this.lists.revocations.version,
              at: new Date(this.lists.at).toISOString(),
            },
          }),
      ...(this.lastError === '' ? {} : { error: this.lastError }),
    };
  }

  /**
   * Whether tokens can be issued at all now: `unverified` until a read verified, `stale` once the
   * last verified read is older than the allowed age (the issuer's /healthz reports it).
   */
  usable(): 'ok' | 'unverified' | 'stale' {
    if (this.lists === undefined) return 'unverified';
    return this.now() - this.lists.at > this.o.maxAgeMs ? 'stale' : 'ok';
  }

  /** The organisation, or why it may not obtain tokens. */
  lookup(orgId: string): Member | MemberRefusal {
    if (this.lists === undefined) return 'unverified';
    if (this.usable() === 'stale') return 'stale';
    return lookupMember(this.lists.members, this.lists.revocations, orgId);
  }
}
