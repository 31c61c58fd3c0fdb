// In-process Leader and Helper on real 127.0.0.1 servers with direct access to their stores, for
// tests that compare state before and after a request and drive the Leader by hand.
import type { Hono } from 'hono';
import { readTaskFile } from '../../dap/index.js';
import type { Clock } from '../../dap/aggregator/clock.js';
import type { AggregatorContext, HelperTask, LeaderTask } from '../../dap/aggregator/context.js';
import { openHelperContext, openLeaderContext } from '../../dap/aggregator/open-aggregator.js';
import type { AggregatorOptions } from '../../dap/aggregator/options.js';
import { helperApp } from '../../dap/http/helper-app.js';
import { leaderApp } from '../../dap/http/leader-app.js';
import { startLeaderDriver, type LeaderDriver } from '../../dap/leader/driver.js';
import { leaderStart } from '../../dap/leader/job-creator.js';
import type { Report, VerifyInit } from '../../dap/messages/index.js';
import type { KvStore } from '../../dap/storage/kv.js';
import type { TaskParamsJson } from '../../dap/task/task-params.js';
import { storeOption } from './backend.js';
import {
  listen,
  newTaskFiles,
  taskParams,
  tempDir,
  writeTaskFiles,
  type Listening,
} from './support.js';

export interface Harness {
  files: ReturnType<typeof newTaskFiles>;
  leaderUrl: string;
  helperUrl: string;
  leader: AggregatorContext<LeaderTask>;
  helper: AggregatorContext<HelperTask>;
  driver: LeaderDriver;
  close(): Promise<void>;
}

export async function dump(store: KvStore): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const [k, v] of store.scan('')) out.set(k, Buffer.from(v).toString('base64'));
  return out;
}

/** The VerifyInit the Leader's job creator would send the Helper for each of REPORTS. */
export function verifyInitsOf(h: Harness, reports: readonly Report[]): VerifyInit[] {
  const lt = [...h.leader.tasks.values()][0];
  if (!lt) throw new Error('no task');
  return reports.map((r) => {
    const st = leaderStart(h.leader, lt, r, new Uint8Array(0));
    if (!st) throw new Error('leader rejected its own report');
    return {
      reportShare: {
        metadata: r.metadata,
        publicShare: r.publicShare,
        encryptedInputShare: r.helperEncryptedInputShare,
      },
      payload: st.outbound,
    };
  });
}

/** `helperFront` lets a test put its own server (e.g. a garbage-answering proxy) before the Helper. */
export async function harness(
  over: Partial<TaskParamsJson> = {},
  options: Partial<AggregatorOptions> = {},
  helperFront?: (helper: Listening) => Promise<Listening>,
  clock?: Clock,
  extras: Parameters<typeof newTaskFiles>[1] = {},
): Promise<Harness> {
  const l = await listen();
  const h = await listen();
  const front = helperFront ? await helperFront(h) : h;
  const files = newTaskFiles(taskParams(l.url, front.url, over), extras);
  const paths = writeTaskFiles(tempDir('task'), files);
  const opts: Partial<AggregatorOptions> = {
    minJobSize: 1,
    maxJobAgeMs: 0,
    tickMs: 2 ** 30,
    ...options,
  };
  const c = clock ? { clock } : {};
  const leader = await openLeaderContext(
    { dataDir: tempDir('leader'), options: opts, ...c, ...(await storeOption()) },
    [readTaskFile(paths.leader, 'leader')],
  );
  const helper = await openHelperContext(
    { dataDir: tempDir('helper'), options: opts, ...c, ...(await storeOption()) },
    [readTaskFile(paths.helper, 'helper')],
  );
  const fail = (e: unknown) => {
    throw e;
  };
  mount(l.app, '/leader', leaderApp(leader, fail));
  mount(h.app, '/helper', helperApp(helper, fail));
  const driver = startLeaderDriver(leader, (e) => {
    console.error(e);
  });
  // The driver's own first pass (a timer) is over before a test drives it by hand, so it never
  // lands between a test's steps (on a loaded machine it could start late, after a test's setup).
  for (let i = 0; driver.health().state === 'starting'; i++) {
    if (i > 2000) throw new Error('the Leader driver made no first pass in 10 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    files,
    leaderUrl: `${l.url}/leader/`,
    helperUrl: `${h.url}/helper/`,
    leader,
    helper,
    driver,
    async close() {
      await driver.close();
      await leader.store.close();
      await helper.store.close();
      await l.close();
      await h.close();
      if (front !== h) await front.close();
    },
  };
}

function mount(app: Hono, prefix: string, sub: Hono): void {
  app.route(prefix, sub);
}
