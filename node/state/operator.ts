// The operator's say over community rules on this node (config.json "operator"): grants to block,
// what an ungranted block becomes, allowlists that apply on every front door, the shadow window.
import { DEFAULT_OPERATOR_POLICY, type OperatorPolicy } from '../../packs/index.js';
import type { Condition } from '../../guard/index.js';
import { ConfigError } from '../errors.js';

export function parseOperator(raw: unknown, source: string): OperatorPolicy {
  if (raw === undefined) return DEFAULT_OPERATOR_POLICY;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError('config_invalid', `${source}: "operator" must be an object`);
  const o = raw as Record<string, unknown>;
  const out: OperatorPolicy = { ...DEFAULT_OPERATOR_POLICY };
  for (const key of Object.keys(o)) {
    if (!['grants', 'ungranted', 'allowlist', 'shadowWindowSeconds'].includes(key))
      throw new ConfigError('config_invalid', `${source}: operator.${key} is not a known setting`);
  }
  if (o.grants !== undefined) {
    if (
      !Array.isArray(o.grants) ||
      !o.grants.every((g) => typeof g === 'string' && /^[a-z0-9*._-]{1,128}$/.test(g))
    ) {
      throw new ConfigError(
        'config_invalid',
        `${source}: operator.grants must be rule ids or *-patterns`,
      );
    }
    out.grants = o.grants as string[];
  }
  if (o.ungranted !== undefined) {
    if (o.ungranted !== 'escalate' && o.ungranted !== 'shadow')
      throw new ConfigError(
        'config_invalid',
        `${source}: operator.ungranted must be escalate or shadow`,
      );
    out.ungranted = o.ungranted;
  }
  if (o.allowlist !== undefined) {
    // Conditions are validated when the policy compiles: a bad one quarantines the rules it guards.
    if (!Array.isArray(o.allowlist) || o.allowlist.length > 256)
      throw new ConfigError(
        'config_invalid',
        `${source}: operator.allowlist must be a list of rule conditions`,
      );
    out.allowlist = o.allowlist as Condition[];
  }
  if (o.shadowWindowSeconds !== undefined) {
    const v = o.shadowWindowSeconds;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      throw new ConfigError(
        'config_invalid',
        `${source}: operator.shadowWindowSeconds must be a non-negative integer`,
      );
    out.shadowWindowSeconds = v;
  }
  return out;
}
