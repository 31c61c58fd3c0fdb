// Prints the closing line "N passed, N failed" from one or more vitest JSON reports (the main run,
// then the DAP suites on PostgreSQL). A missing report, or a test file that failed to load (no test
// ran in it), counts as one failure, so a broken suite can never look green.
import { existsSync, readFileSync } from 'node:fs';

const files = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files.length > 0 ? files : ['']) {
  if (!file || !existsSync(file)) {
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
  if (report.numPassedTests + report.numFailedTests + brokenFiles === 0) failed += 1;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  skipped += report.numPendingTests + report.numTodoTests;
}
// The closing line stays exactly "N passed, N failed"; skipped tests (npm run test:slow) go above it.
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
