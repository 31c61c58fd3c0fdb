// What governance decides for a publish (docs/GOVERNANCE.md), handed in by node/: packs/ may not
// import governance/, so the decisions arrive as values and checks.
import type { ExpiryPolicy } from '../../tuf/index.js';

export type OfflineRoleName = 'root' | 'targets' | 'stable';

export interface PublishRules {
  /** How long each role's metadata lives (governance's role expiries). */
  expiry: ExpiryPolicy;
  /** Throws unless `threshold` is enough for the offline `role` under the active profile. */
  requireThreshold(role: OfflineRoleName, threshold: number): void;
  /** Throws unless a published pack may carry the SPDX licence `spdx`. */
  requireLicence(spdx: string): void;
  /** Publish to a witnessed log without its witness quorum: only when the maintainer forces it. */
  forceUnwitnessed: boolean;
}
