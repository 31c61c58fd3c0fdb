// `mesh doctor --config FILE` on the issuer section of a `mesh serve` config (docs/dap.md "Report
// tokens"): each explicit opt-out of the member lists' trust rules is a warning, never silent.
import { readFileSync } from 'node:fs';
import type { CheckResult } from './checks.js';

/** The issuer section's opt-outs, as the issuer reads them (node/issuer/members-config.ts). */
export function issuerOptOuts(issuer: Record<string, unknown>): CheckResult[] {
  const out: CheckResult[] = [];
  if (issuer.allow_no_witness === true)
    out.push({
      name: 'issuer-witness',
      status: 'warn',
      detail:
        'issuer.allow_no_witness: the issuer accepts member lists without the witness quorum, so a log that forks its history goes unnoticed',
      hint: 'list issuer.witnesses (their Ed25519 keys) and remove "allow_no_witness"',
    });
  if (issuer.no_gossip === true)
    out.push({
      name: 'issuer-gossip',
      status: 'warn',
      detail:
        'issuer.no_gossip: the issuer does not compare log checkpoints with its mirror, so a split view of the member lists goes unnoticed',
      hint: 'remove "no_gossip" from the issuer section',
    });
  if (out.length === 0)
    out.push({
      name: 'issuer-trust',
      status: 'ok',
      detail: 'the issuer requires witnessed member lists and gossips checkpoints with its mirror',
    });
  return out;
}

/**
 * The checks of a `mesh serve --config` file: today its issuer section (none when it has none).
 *
 * @throws nothing: a file that cannot be read or parsed is a `fail` result
 * @example checkServeConfig('/etc/mesh/issuer.json').map((c) => c.status)
 */
export function checkServeConfig(path: string): CheckResult[] {
  let config: unknown;
  try {
    // this value is attacker-controlled only as far as the operator's own config file is
    config = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return [
      {
        name: 'serve-config',
        status: 'fail',
        detail: `cannot read ${path}: ${(e as Error).message}`,
        hint: 'give the JSON file mesh serve --config reads',
      },
    ];
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return [{ name: 'serve-config', status: 'fail', detail: `${path} is not a JSON object` }];
  const issuer = (config as Record<string, unknown>).issuer;
  if (typeof issuer !== 'object' || issuer === null || Array.isArray(issuer)) return [];
  return issuerOptOuts(issuer as Record<string, unknown>);
}
