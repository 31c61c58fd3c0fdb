export { runChecks, type CheckResult, type CheckStatus, type DoctorInput } from './checks.js';
