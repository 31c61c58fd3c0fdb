// docs/guard.md "Hook start-up": the hook scenario (test/guard/hook/hook-scenario.ts) through
// `bin/mesh.js` in its own process, no daemon: what the hook daemon's and the bundle's suites compare
// their paths with. Run once per run (test/support/run-fixture.ts): the same calls, the same answers.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookEnv } from '../guard/hook/hook-driver.js';
import { scenario, type HookAnswer } from '../guard/hook/hook-scenario.js';
import { runFixture } from '../support/run-fixture.js';

const ANSWERS = 'answers.json';

export async function ownProcessScenario(): Promise<HookAnswer[]> {
  const make = async (dir: string): Promise<void> => {
    const env = hookEnv();
    try {
      writeFileSync(join(dir, ANSWERS), JSON.stringify(await scenario(env)));
    } finally {
      rmSync(env.home, { recursive: true, force: true });
    }
  };
  const dir = await runFixture('hook-scenario', ANSWERS, make, 600_000);
  return JSON.parse(readFileSync(join(dir, ANSWERS), 'utf8')) as HookAnswer[];
}
