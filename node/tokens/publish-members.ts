// `mesh publish --members FILE`: the member list and the revocation list as two TUF targets
// (docs/GOVERNANCE.md "Membership"), each the authority-signed document byte for byte.
import { readFileSync } from 'node:fs';
import { MEMBERS_TARGET, parseMembership, REVOCATIONS_TARGET } from '../../governance/index.js';
import { UsageError } from '../errors.js';

/**
 * The two additions for publishOnline; the file must verify under its own authority key, so a
 * corrupt or half-edited file is never published (who the authority is, subscribers pin).
 * @throws UsageError when FILE is unreadable or does not verify.
 */
export function membersAdditions(file: string): { path: string; bytes: Uint8Array }[] {
  let v: { members?: { authority?: unknown } };
  try {
    v = JSON.parse(readFileSync(file, 'utf8')) as typeof v;
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const authority = typeof v.members?.authority === 'string' ? v.members.authority : '';
  let m;
  try {
    m = parseMembership(v, authority);
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`, 'edit it only with mesh members');
  }
  const enc = (x: unknown) => new TextEncoder().encode(`${JSON.stringify(x)}\n`);
  return [
    { path: MEMBERS_TARGET, bytes: enc(m.members) },
    { path: REVOCATIONS_TARGET, bytes: enc(m.revocations) },
  ];
}
