// Writes test/support/durations.json (each test file's wall time in seconds, from vitest JSON
// reports), which test/support/sequencer.ts uses to start the longest suites first.
// Usage: node scripts/test-durations.mjs REPORT.json [REPORT.json ...]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = {};
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const r of report.testResults) {
    // Reports from a clone elsewhere name files under that clone's root.
    const name = relative(ROOT, r.name).replace(/^(\.\.\/)+[^]*?(?=test\/)/, '');
    out[name] = Math.round((r.endTime - r.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  join(ROOT, 'test', 'support', 'durations.json'),
  JSON.stringify(sorted, null, 2) + '\n',
);
console.log(`${Object.keys(sorted).length} files`);
