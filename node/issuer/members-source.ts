// The issuer's view of the member and revocation lists (docs/GOVERNANCE.md "Membership"): the files a
// verified TUF download wrote, checked against the authority key, re-read when they change.
import { readFileSync, statSync } from 'node:fs';
import {
  lookupMember,
  parseMemberList,
  parseRevocationList,
  type Member,
  type MemberList,
  type RevocationList,
} from '../../governance/index.js';

export class MembersSource {
  private stamp = '';
  private lists?: { members: MemberList; revocations: RevocationList };
  constructor(
    private readonly membersFile: string,
    private readonly revocationsFile: string,
    private readonly authority: string,
  ) {
    this.load();
  }

  private load(): void {
    const stamp = [this.membersFile, this.revocationsFile]
      .map((f) => `${statSync(f).mtimeMs}:${statSync(f).size}`)
      .join('/');
    if (stamp === this.stamp && this.lists) return;
    // A list that no longer verifies keeps the last good one out: refuse everyone instead.
    this.lists = undefined;
    const read = (f: string): unknown => JSON.parse(readFileSync(f, 'utf8')) as unknown;
    this.lists = {
      members: parseMemberList(read(this.membersFile), this.authority),
      revocations: parseRevocationList(read(this.revocationsFile), this.authority),
    };
    this.stamp = stamp;
  }

  /** The organisation, or why it may not obtain tokens. */
  lookup(orgId: string): Member | 'revoked' | 'unknown' {
    try {
      this.load();
    } catch {
      return 'unknown';
    }
    if (!this.lists) return 'unknown';
    return lookupMember(this.lists.members, this.lists.revocations, orgId);
  }
}
