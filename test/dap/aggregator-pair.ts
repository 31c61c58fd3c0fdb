// A Leader and a Helper as two `mesh serve` processes on ports chosen before either starts (the task
// files name both URLs), shared by the process suites and bench/dap.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServe, type ServeProcess } from '../support/serve-process.js';

export interface PairArgs {
  leader: string[];
  helper: string[];
}

export interface PairPlan {
  dir: string;
  ports: { leader: number; helper: number };
  tasks: { leader: string[]; helper: string[] };
  /** The Leader's `dap` config section (job sizing, ticks), written to DIR/config.json. */
  leaderDap: Record<string, unknown>;
  /** `--store` URLs (PostgreSQL); level inside DIR/l and DIR/h without them. */
  stores?: { leader?: string; helper?: string };
}

/** The `mesh serve` arguments of both Aggregators; their stores live in DIR/l and DIR/h. */
export function pairArgs(p: PairPlan): PairArgs {
  const config = join(p.dir, 'config.json');
  writeFileSync(config, JSON.stringify({ dap: p.leaderDap }));
  const side = (role: 'leader' | 'helper', data: string, extra: string[]): string[] => [
    '--role',
    `dap-${role}`,
    '--port',
    String(p.ports[role]),
    '--data',
    join(p.dir, data),
    ...(p.stores?.[role] === undefined ? [] : ['--store', p.stores[role]]),
    ...extra,
    ...p.tasks[role].flatMap((t) => ['--task', t]),
  ];
  return { leader: side('leader', 'l', ['--config', config]), helper: side('helper', 'h', []) };
}

/** Starts the Leader, then the Helper; `env` is added to both processes' environment. */
export async function startPair(
  args: PairArgs,
  env: NodeJS.ProcessEnv = {},
): Promise<{ leader: ServeProcess; helper: ServeProcess }> {
  const leader = await startServe(args.leader, env);
  try {
    return { leader, helper: await startServe(args.helper, env) };
  } catch (e) {
    await leader.stop();
    throw e;
  }
}

/**
 * `mesh serve` listens before it mounts its roles, so a request landing in that window can make the
 * mount fail ("matcher is already built"); a supervisor restarts it, and so do the crash suites.
 */
export async function restartServe(args: string[]): Promise<ServeProcess> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await startServe(args);
    } catch (e) {
      if (Date.now() > deadline || !String(e).includes('matcher')) throw e;
    }
  }
}
