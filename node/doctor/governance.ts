// `mesh doctor`'s governance check (docs/GOVERNANCE.md): the profile in force, a warning for demo.
import { governancePolicy, governanceSectionAt } from '../state/governance.js';
import type { CheckResult } from './checks.js';

export function checkGovernance(stateRoot: string): CheckResult {
  try {
    const policy = governancePolicy(governanceSectionAt(stateRoot));
    return policy.profile === 'demo'
      ? {
          name: 'governance',
          status: 'warn',
          detail:
            'governance profile "demo": publish and ceremonies accept threshold-1 offline roles',
          hint: 'for tests and demos only; remove "profile": "demo" from the governance section of config.json',
        }
      : {
          name: 'governance',
          status: 'ok',
          detail: `governance profile production (root ${policy.roles.root.threshold}, targets ${policy.roles.targets.threshold}, stable ${policy.roles.stable.threshold} signatures)`,
        };
  } catch (e) {
    const err = e as Error & { hint?: string };
    return {
      name: 'governance',
      status: 'fail',
      detail: err.message,
      ...(err.hint === undefined ? {} : { hint: err.hint }),
    };
  }
}
