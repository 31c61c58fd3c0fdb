// guard/: event model, rule language, detectors, verdicts, receipts and the front doors.
export { POLICY_FORMAT, RECEIPT_FORMAT } from './version.js';
