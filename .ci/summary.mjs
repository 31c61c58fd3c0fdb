// Prints the closing line "N passed, N failed" from vitest's JSON report. A test file that failed to
// load (no test ran in it) counts as one failure, so a broken suite can never look green.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const brokenFiles = report.testResults.filter(
  (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
).length;
const passed = report.numPassedTests;
const failed = report.numFailedTests + brokenFiles;
const skipped = report.numPendingTests + report.numTodoTests;
if (passed + failed === 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(failed === 0 ? 0 : 1);
