// docs/guard.md "Self-protection": the policies a node's guard runs before any pack, at every front
// door (hook, MCP proxy, `mesh guard decide`, the hook daemon). They are not optional: no flag or
// config key removes them.
import {
  compilePolicy,
  GuardError,
  type DetectorRegistry,
  type Policy,
} from '../../guard/index.js';
import { SELF_PROTECTION, selfProtectionPolicy } from '../../packs/index.js';

/**
 * The built-in policies for the node whose state is at `stateRoot`, compiled against `detectors`.
 * @throws {GuardError} policy_invalid when the policy does not compile (a bug in this build, never
 *   user input)
 * @example const [self] = nodeBasePolicies(ctx.stateRoot)
 */
export function nodeBasePolicies(stateRoot: string, detectors?: DetectorRegistry): Policy[] {
  const p = compilePolicy(selfProtectionPolicy(stateRoot), {
    name: SELF_PROTECTION,
    ...(detectors ? { detectors } : {}),
  });
  const bad = p.quarantined[0];
  if (bad !== undefined) {
    throw new GuardError('policy_invalid', `${SELF_PROTECTION}: ${bad.id ?? '?'}: ${bad.message}`);
  }
  return [p];
}
