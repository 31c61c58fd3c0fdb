// Longest suites first: on a clean clone vitest has no timings of its own and starts files in glob
// order, so a one-minute suite that starts last sets the wall time of the whole run. The committed
// durations (scripts/test-durations.mjs writes them from a JSON report) order the files; a file
// without a recorded duration starts first, as vitest itself does with unknown files.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = new URL('./durations.json', import.meta.url);

function recorded(): Map<string, number> {
  try {
    const data = JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
    return new Map(Object.entries(data));
  } catch {
    return new Map();
  }
}

export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = recorded();
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification): number =>
      seconds.get(relative(root, f.moduleId)) ?? Number.POSITIVE_INFINITY;
    return Promise.resolve([...files].sort((a, b) => cost(b) - cost(a)));
  }
}
