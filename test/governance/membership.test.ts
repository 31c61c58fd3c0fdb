// docs/GOVERNANCE.md "Membership": enrol, revoke, and a list that is tampered with or foreign refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  lookupMember,
  newMembership,
  orgIdOf,
  parseMembership,
  revokeMember,
  type AuthoritySigner,
} from '../../governance/index.js';
import { ed25519Signer, newEd25519Secret } from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

function authority(): AuthoritySigner {
  const s = ed25519Signer(newEd25519Secret());
  return { publicKey: s.key.publicKey, sign: (m) => s.sign(m) };
}
const orgKey = () => ed25519Signer(newEd25519Secret()).key.publicKey;
const now = new Date('2026-01-01T00:00:00Z');
const roundTrip = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('membership lists', () => {
  it('enrols with tiers, revokes, and verifies both lists', () => {
    const a = authority();
    const [k1, k2] = [orgKey(), orgKey()];
    let m = newMembership(a);
    m = addMember(m, { name: 'acme', publicKey: k1, tier: 1 }, a, now);
    m = addMember(m, { name: 'globex', publicKey: k2, tier: 2 }, a, now);
    m = revokeMember(m, 'globex', 'key lost', a, now);
    const v = parseMembership(roundTrip(m), a.publicKey);
    expect(v.members.version).toBe(4);
    expect(v.revocations.version).toBe(2);
    expect(lookupMember(v.members, v.revocations, orgIdOf(k1))).toMatchObject({ tier: 1 });
    expect(lookupMember(v.members, v.revocations, orgIdOf(k2))).toBe('revoked');
    expect(lookupMember(v.members, v.revocations, orgIdOf(orgKey()))).toBe('unknown');
    expect(() => addMember(m, { name: 'again', publicKey: k2, tier: 2 }, a, now)).toThrow(
      expect.objectContaining({ code: 'member_revoked' }),
    );
    expect(() => addMember(m, { name: 'acme', publicKey: orgKey(), tier: 2 }, a, now)).toThrow(
      expect.objectContaining({ code: 'member_exists' }),
    );
  });

  it('refuses another authority, a newer schema and a forged entry', () => {
    const a = authority();
    const m = addMember(newMembership(a), { name: 'acme', publicKey: orgKey(), tier: 3 }, a, now);
    expect(() => parseMembership(roundTrip(m), authority().publicKey)).toThrow(
      expect.objectContaining({ code: 'membership_authority' }),
    );
    const newer = roundTrip(m) as { members: { schema: number } };
    newer.members.schema = 2;
    expect(() => parseMembership(newer, a.publicKey)).toThrow(
      expect.objectContaining({ code: 'membership_schema_newer' }),
    );
    const forged = roundTrip(m) as { members: { members: { tier: number }[] } };
    const first = forged.members.members[0];
    if (first) first.tier = 1;
    expect(() => parseMembership(forged, a.publicKey)).toThrow(
      expect.objectContaining({ code: 'membership_signature' }),
    );
  });

  it('refuses any one-character change of the signed text', () => {
    const a = authority();
    const m = addMember(newMembership(a), { name: 'acme', publicKey: orgKey(), tier: 2 }, a, now);
    const text = JSON.stringify(m.members);
    fc.assert(
      fc.property(
        fc.nat({ max: text.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        (at, c) => {
          const changed = text.slice(0, at) + c + text.slice(at + 1);
          if (changed === text) return;
          let doc: unknown;
          try {
            doc = JSON.parse(changed);
          } catch {
            return;
          }
          let accepted = false;
          try {
            parseMembership({ members: doc, revocations: m.revocations }, a.publicKey);
            accepted = true;
          } catch (e) {
            expect((e as { code: string }).code).toMatch(/^membership_|^member_/);
          }
          // Only a change that leaves the same canonical document (e.g. whitespace) may pass.
          if (accepted) expect(JSON.stringify(doc)).toBe(text);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
