// draft-dcook-ppm-dap-interop-test-design (janus' DAP-18 dialect): /internal/test/* on a `mesh serve
// --interop` process. One process plays every interop party it can: the aggregator roles it serves
// (add_task with "role"), and always the client (upload) and the collector (add_task without "role").
// The collector's tasks and handles live in a level store of their own, shared by the roles.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { AggregatorContext, HelperTask, LeaderTask } from '../aggregator/context.js';
import { TaskError } from '../errors.js';
import { openLevelKv } from '../storage/level-kv.js';
import type { KvStore } from '../storage/kv.js';
import { addAggregatorTask } from './aggregator-api.js';
import { interopUpload } from './client-api.js';
import { InteropCollector } from './collector-api.js';
import { failure, obj, success, type Json } from './json.js';

const MAX_JSON_BYTES = 1 << 20;

export class InteropRegistry {
  leader?: { ctx: AggregatorContext<LeaderTask>; prefix: string };
  helper?: { ctx: AggregatorContext<HelperTask>; prefix: string };
  private users = 0;

  constructor(
    readonly collector: InteropCollector,
    private readonly store: KvStore,
  ) {}

  retain(): this {
    this.users++;
    return this;
  }

  /** Each role that retained the registry releases it once; the last one closes the store. */
  async release(): Promise<void> {
    if (--this.users > 0) return;
    this.collector.close();
    await this.store.close();
  }
}

const registries = new WeakMap<Hono, Promise<InteropRegistry>>();

/**
 * The process-wide registry, retained for the caller; the first caller opens the collector's store
 * in `dir` and mounts /internal/test/* on `app`. Every caller in a process passes the same `dir`.
 */
export function openInteropRegistry(
  app: Hono,
  dir: string,
  onError: (e: unknown) => void,
): Promise<InteropRegistry> {
  let r = registries.get(app);
  if (!r) {
    r = (async () => {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const store = await openLevelKv(join(dir, 'store'));
      try {
        const reg = new InteropRegistry(await InteropCollector.open(store, onError), store);
        app.route('/internal/test', interopApp(reg));
        return reg;
      } catch (e) {
        await store.close();
        throw e;
      }
    })();
    registries.set(app, r);
  }
  return r.then((reg) => reg.retain());
}

async function jsonBody(c: Context): Promise<Json> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length > MAX_JSON_BYTES) throw new TaskError('task_invalid', 'request body too large');
  // this value is attacker-controlled
  return obj(
    JSON.parse(new TextDecoder().decode(bytes.length === 0 ? Uint8Array.of(0x7b, 0x7d) : bytes)),
  );
}

function endpointFor(r: InteropRegistry, o: Json): string {
  const role =
    o.role ?? (r.leader && !r.helper ? 'leader' : r.helper && !r.leader ? 'helper' : undefined);
  const served = role === 'leader' ? r.leader : role === 'helper' ? r.helper : undefined;
  if (!served)
    throw new TaskError('task_invalid', `this process does not serve role ${JSON.stringify(role)}`);
  return `${served.prefix}/`;
}

function interopApp(r: InteropRegistry): Hono {
  const app = new Hono();
  // Every answer is 200 with {"status": "success"|"error", ...}, as the dialect expects.
  const route = (path: string, f: (o: Json) => Json | Promise<Json>) =>
    app.post(path, async (c) => {
      try {
        return c.json(await f(await jsonBody(c)));
      } catch (e) {
        return c.json(failure(e));
      }
    });
  route('/ready', () => ({}));
  route('/endpoint_for_task', (o) => success({ endpoint: endpointFor(r, o) }));
  route('/add_task', async (o) => {
    if (o.role === undefined) return r.collector.addTask(o);
    await addAggregatorTask({ leader: r.leader?.ctx, helper: r.helper?.ctx }, o);
    return success();
  });
  route('/upload', async (o) => {
    await interopUpload(o);
    return success();
  });
  route('/collection_start', (o) => r.collector.start(o));
  route('/collection_poll', (o) => r.collector.poll(o));
  return app;
}
