// The detectors every guard knows by name.
import { DetectorRegistry } from './registry.js';
import { egressDetector } from './egress.js';
import { piiDetector } from './pii.js';
import { promptInjectionDetector } from './prompt-injection.js';
import { secretsDetector } from './secrets.js';
import { sensitivePathsDetector } from './sensitive-paths.js';
import { sessionLimitsDetector } from './session-limits.js';
import { sqlDetector } from './sql.js';
import { supplyChainDetector } from './supply-chain.js';
import { outboundDetector } from './outbound.js';
import { destructiveDetector, gitDetector } from './shell-intent.js';
import type { Detector } from './detector.js';
import { datastoreFilterDetector } from './datastore-filter.js';
import { datastoreCommandDetector } from './datastore-command.js';
import { campaignDetector } from '../campaign/campaign-detector.js';

export const BUILTIN_DETECTORS: readonly Detector[] = [
  destructiveDetector,
  gitDetector,
  secretsDetector,
  piiDetector,
  promptInjectionDetector,
  egressDetector,
  sensitivePathsDetector,
  sessionLimitsDetector,
  sqlDetector,
  outboundDetector,
  supplyChainDetector,
  campaignDetector,
  datastoreFilterDetector,
  datastoreCommandDetector,
] as readonly Detector[];

/** A fresh registry with the built-in detectors; add front-door detectors to it before compiling. */
export function builtinDetectors(): DetectorRegistry {
  return new DetectorRegistry(BUILTIN_DETECTORS);
}
