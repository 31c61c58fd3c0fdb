// The node config's `governance` section (docs/GOVERNANCE.md): validated by governance/'s parser, so
// a typo names the bad key; and the policy node/ hands to packs/ and tuf/ as parameters.
import {
  parsePolicy,
  repositoryExpiry,
  requirePackLicence,
  requireThreshold,
  GovernanceError,
  type GovernancePolicy,
} from '../../governance/index.js';
import type { PublishRules } from '../../packs/index.js';
import { join } from 'node:path';
import { ConfigError, UsageError } from '../errors.js';
import { loadConfig } from './config.js';

/** Checks the section whole and returns it as written (it is saved back unchanged). */
export function parseGovernanceSection(raw: unknown, source: string): Record<string, unknown> {
  try {
    parsePolicy(raw);
  } catch (e) {
    if (e instanceof GovernanceError)
      throw new ConfigError(
        'config_invalid',
        `${source}: ${e.message}`,
        e.hint ?? 'fix the key named, see docs/GOVERNANCE.md',
      );
    throw e;
  }
  return raw as Record<string, unknown>;
}

/** The node config's governance section, read without creating a state directory (maintainer machines). */
export function governanceSectionAt(stateRoot: string): Record<string, unknown> | undefined {
  return loadConfig(join(stateRoot, 'config.json')).governance;
}

/**
 * The policy in force: the config's section, with `--profile` (when given) replacing its profile.
 *
 * @throws UsageError on an unknown --profile
 */
export function governancePolicy(
  section: Record<string, unknown> | undefined,
  profileFlag?: string,
): GovernancePolicy {
  if (profileFlag !== undefined && profileFlag !== 'production' && profileFlag !== 'demo')
    throw new UsageError(`--profile ${profileFlag}: use production or demo`);
  return parsePolicy({
    ...(section ?? {}),
    ...(profileFlag === undefined ? {} : { profile: profileFlag }),
  });
}

/** A one-line stderr warning when the demo profile is in force, since it accepts threshold 1. */
export function demoWarning(policy: GovernancePolicy): string | undefined {
  return policy.profile === 'demo'
    ? 'WARNING: governance profile "demo": offline roles may have threshold 1 (tests and demos only)'
    : undefined;
}

/** Governance's decisions as packs/ takes them. */
export function publishRules(
  policy: GovernancePolicy,
  opts: { forceUnwitnessed?: boolean } = {},
): PublishRules {
  return {
    expiry: repositoryExpiry(policy),
    requireThreshold: (role, threshold) => {
      requireThreshold(policy, role, threshold);
    },
    requireLicence: requirePackLicence,
    forceUnwitnessed: opts.forceUnwitnessed === true,
  };
}
