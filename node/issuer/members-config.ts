// The issuer config's member-list source (docs/dap.md "Report tokens"): which mirror, which initial
// root, which log and witness keys; the same trust rules a subscription uses (node/subscription).
import { existsSync } from 'node:fs';
import type { Logger } from '../log/logger.js';
import { ConfigError } from '../errors.js';
import { gossipPolicyOf, logTrustOf, POLICY_QUORUM } from '../subscription/index.js';
import { MembersSource } from './members-source.js';

const HEX64 = /^[0-9a-f]{64}$/;

function strings(v: unknown, key: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new ConfigError('config_invalid', `issuer.${key} must be a list of strings`);
  return v as string[];
}

function seconds(v: unknown, key: string, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    throw new ConfigError('config_invalid', `issuer.${key} must be a whole number of seconds`);
  return v;
}

/**
 * The MembersSource an issuer config section describes, its state under `dir`.
 *
 * @throws ConfigError config_invalid naming the key that is missing or wrong
 * @example membersSourceOf({ mirror, root, log_keys: [vkey] }, '/var/lib/mesh/issuer/members')
 */
export function membersSourceOf(
  s: Record<string, unknown>,
  dir: string,
  log?: Logger,
): { members: MembersSource; refreshMs: number } {
  const need =
    'give "issuer": {"key", "mirror", "root", "log_keys"} (the member lists come through TUF)';
  if (s.members !== undefined || s.revocations !== undefined)
    throw new ConfigError(
      'config_invalid',
      'issuer.members and issuer.revocations name local files; the issuer reads the lists through TUF',
      need,
    );
  if (typeof s.mirror !== 'string' || !/^https?:\/\//.test(s.mirror))
    throw new ConfigError(
      'config_invalid',
      'issuer.mirror (the repository mirror URL) missing',
      need,
    );
  if (typeof s.root !== 'string' || !existsSync(s.root))
    throw new ConfigError('config_invalid', 'issuer.root (the initial root.json) missing', need);
  const logKeys = strings(s.log_keys, 'log_keys');
  if (logKeys.length === 0)
    throw new ConfigError('config_invalid', 'issuer.log_keys missing', need);
  const witnesses = strings(s.witnesses, 'witnesses');
  const quorum = s.quorum === undefined ? witnesses.length : s.quorum;
  if (
    typeof quorum !== 'number' ||
    !Number.isInteger(quorum) ||
    quorum < 0 ||
    quorum > witnesses.length
  )
    throw new ConfigError('config_invalid', 'issuer.quorum must be between 0 and the witnesses');
  const allowNoWitness = s.allow_no_witness === true;
  if (!allowNoWitness && Math.max(quorum, POLICY_QUORUM) > witnesses.length)
    throw new ConfigError(
      'config_invalid',
      `the issuer needs ${POLICY_QUORUM} witness cosignatures on the lists (the governance witness quorum)`,
      'list issuer.witnesses, or accept unwitnessed lists explicitly with "allow_no_witness": true (mesh doctor warns)',
    );
  if (s.authority !== undefined && (typeof s.authority !== 'string' || !HEX64.test(s.authority)))
    throw new ConfigError('config_invalid', 'issuer.authority must be an Ed25519 public key (hex)');
  const noGossip = s.no_gossip === true;
  const trust = {
    mirror: s.mirror,
    logKeys,
    witnesses,
    quorum,
    gossip: noGossip ? [] : [s.mirror],
    ...(allowNoWitness ? { allowNoWitness: true } : {}),
    ...(noGossip ? { noGossip: true } : {}),
  };
  const members = new MembersSource(
    {
      mirror: s.mirror,
      dir,
      rootFile: s.root,
      trust: logTrustOf(trust),
      gossip: gossipPolicyOf(trust),
      ...(typeof s.authority === 'string' ? { authority: s.authority } : {}),
    },
    {
      maxAgeMs: seconds(s.max_age_seconds, 'max_age_seconds', 3600) * 1000,
      ...(log ? { log } : {}),
    },
  );
  return { members, refreshMs: seconds(s.refresh_seconds, 'refresh_seconds', 300) * 1000 };
}
