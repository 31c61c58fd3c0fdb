// DAP-18 aggregator servers as `mesh serve` roles: state opened from --data, tasks from --task
// files, the hono app mounted under the role's prefix, and the Leader's background driver.
import type { Hono } from 'hono';
import type { AggregatorOptions } from './aggregator/options.js';
import type { Clock } from './aggregator/clock.js';
import { openHelperContext, openLeaderContext } from './aggregator/open-aggregator.js';
import { helperApp } from './http/helper-app.js';
import { leaderApp } from './http/leader-app.js';
import { startLeaderDriver } from './leader/driver.js';
import { readTaskFile } from './task/task-file.js';

export interface AggregatorServerOptions {
  dataDir: string;
  taskFiles: string[];
  /** Path prefix, e.g. "/leader" (DESIGN.md: one process may serve both roles). */
  prefix: string;
  options?: Partial<AggregatorOptions>;
  clock?: Clock;
  onError?: (e: unknown) => void;
}

export interface AggregatorServer {
  close(): Promise<void>;
}

export async function mountLeader(
  app: Hono,
  o: AggregatorServerOptions,
): Promise<AggregatorServer> {
  const files = o.taskFiles.map((f) => readTaskFile(f, 'leader'));
  const ctx = await openLeaderContext(
    {
      dataDir: o.dataDir,
      ...(o.options ? { options: o.options } : {}),
      ...(o.clock ? { clock: o.clock } : {}),
    },
    files,
  );
  const onError = o.onError ?? (() => undefined);
  app.route(o.prefix, leaderApp(ctx, onError));
  const driver = startLeaderDriver(ctx, onError);
  return {
    async close() {
      await driver.close();
      await ctx.mutex.run(() => ctx.store.close());
    },
  };
}

export async function mountHelper(
  app: Hono,
  o: AggregatorServerOptions,
): Promise<AggregatorServer> {
  const files = o.taskFiles.map((f) => readTaskFile(f, 'helper'));
  const ctx = await openHelperContext(
    {
      dataDir: o.dataDir,
      ...(o.options ? { options: o.options } : {}),
      ...(o.clock ? { clock: o.clock } : {}),
    },
    files,
  );
  app.route(o.prefix, helperApp(ctx, o.onError ?? (() => undefined)));
  return {
    close: () => ctx.mutex.run(() => ctx.store.close()),
  };
}
