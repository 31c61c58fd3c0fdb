// governance/: key roles and thresholds, ceremony policy, credentials, consent defaults, licences.
export { GOVERNANCE_FORMAT } from './version.js';
