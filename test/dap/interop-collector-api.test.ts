// draft-dcook-ppm-dap-interop-test-design §4.4 through dap/interop/collector-api.ts on a real level
// store: each malformed add_task, collection_start and collection_poll is refused with task_invalid,
// a Leader that answers a DAP problem ends the collection with an error poll reports, a Leader not
// listening yet is retried, and a reopened collector serves its stored tasks and resumes its handles.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InteropCollector } from '../../dap/interop/collector-api.js';
import * as json from '../../dap/interop/json.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { freePort } from '../support/ports.js';
import { listen, tempDir, type Listening } from './support.js';

const TP = 60;
let refusing: Listening;
let store: KvStore;
let deadLeader: string;

beforeAll(async () => {
  refusing = await listen();
  refusing.app.all('*', () =>
    Response.json(
      { type: 'urn:ietf:params:ppm:dap:error:batchInvalid', title: 'batch invalid', status: 400 },
      { status: 400, headers: { 'content-type': 'application/problem+json' } },
    ),
  );
  deadLeader = `http://127.0.0.1:${await freePort()}/`;
  store = await openLevelKv(tempDir('interop-collector'));
});
afterAll(async () => {
  await store.close();
  await refusing.close();
});

const taskOf = (leader: string) => ({
  task_id: randomBytes(32).toString('base64url'),
  leader,
  helper: 'http://127.0.0.1:9/helper/',
  vdaf: { type: 'Prio3Sum', max_measurement: '100' },
  time_precision: TP,
  collector_authentication_token: randomBytes(16).toString('base64url'),
});
const query = { type: 1, batch_interval_start: 0, batch_interval_duration: TP };
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as { code: string; message: string };
  }
  return undefined;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('InteropCollector', () => {
  it('refuses every malformed request with task_invalid', async () => {
    const c = await InteropCollector.open(store, (e) => {
      throw e;
    });
    try {
      const t = taskOf(`${refusing.url}/leader/`);
      expect(await c.addTask(t)).toMatchObject({ status: 'success' });
      await expect(c.addTask(t)).rejects.toMatchObject({ code: 'task_invalid' });
      const refusals: [json.Json, string][] = [
        [{ ...t, task_id: randomBytes(32).toString('base64url') }, 'was not added'],
        [{ ...t, agg_param: 'AA', query }, 'empty agg_param'],
        [{ ...t, agg_param: '', query: { type: 3 } }, 'query.type must be 1 or 2'],
        [{ ...t, agg_param: '', query: { ...query, batch_interval_start: 7 } }, 'aligned'],
        [{ ...t, agg_param: '', query: { ...query, batch_interval_duration: 0 } }, 'aligned'],
        [{ ...t, agg_param: '', query: [] }, 'query must be a JSON object'],
      ];
      for (const [body, message] of refusals) {
        const e = await c.start(body).catch((x: unknown) => x as Error);
        expect(e).toMatchObject({ code: 'task_invalid' });
        expect((e as Error).message).toContain(message);
      }
      expect(errorOf(() => c.poll({ handle: 'nope' }))).toMatchObject({ code: 'task_invalid' });
      expect(errorOf(() => c.poll({}))?.message).toContain('"handle" must be a string');

      // A Leader answering a DAP problem ends the collection: poll reports it as an error.
      const { handle } = (await c.start({ ...t, agg_param: '', query })) as { handle: string };
      let e: { code: string; message: string } | undefined;
      for (let i = 0; i < 300 && e === undefined; i++) {
        await sleep(20);
        e = errorOf(() => c.poll({ handle }));
      }
      expect(e).toMatchObject({ code: 'protocol_failed' });
      expect(e?.message).toMatch(/batchInvalid|batch invalid|400/);
    } finally {
      c.close();
    }
  }, 60_000);

  it('retries a Leader that is not listening, and a reopened collector keeps tasks and handles', async () => {
    const first = await InteropCollector.open(store, (e) => {
      throw e;
    });
    const t = taskOf(deadLeader);
    await first.addTask(t);
    const { handle } = (await first.start({ ...t, agg_param: '', query: { type: 2 } })) as {
      handle: string;
    };
    await sleep(1500);
    expect(first.poll({ handle })).toEqual({ status: 'in progress' });
    first.close();

    const again = await InteropCollector.open(store, (e) => {
      throw e;
    });
    try {
      expect(again.poll({ handle })).toEqual({ status: 'in progress' });
      await expect(again.addTask(t)).rejects.toThrow(/already exists/);
    } finally {
      again.close();
    }
  }, 60_000);
});

describe('the interop dialect JSON', () => {
  const refused = (f: () => unknown, message: string) => {
    const e = errorOf(f);
    expect(e).toMatchObject({ code: 'task_invalid' });
    expect(e?.message).toContain(message);
  };
  it('refuses each wrong shape with task_invalid naming the field', () => {
    refused(() => json.obj([]), 'request must be a JSON object');
    refused(() => json.obj(null, 'query'), 'query must be a JSON object');
    refused(() => json.str({ a: 1 }, 'a'), '"a" must be a string');
    refused(() => json.uint({ a: -1 }, 'a'), '"a" must be a non-negative integer');
    refused(() => json.uint({ a: 1.5 }, 'a'), '"a" must be a non-negative integer');
    refused(() => json.numberAsString('01', 'm'), 'm must be a base-10 number string');
    refused(() => json.numberAsString(-3, 'm'), 'm must be a base-10 number string');
    refused(() => json.vdafOf({ type: 'Poplar9' }), 'unsupported vdaf type "Poplar9"');
    refused(() => json.vdafOf({ type: 'Prio3Sum', max_measurement: 'x' }), 'vdaf.max_measurement');
    refused(() => json.batchModeOf(3), 'batch_mode must be 1 or 2, got 3');
    refused(
      () =>
        json.measurementOf(
          { type: 'Prio3SumVec', length: 2, max_measurement: 1, chunk_length: 1 },
          '1',
        ),
      'must be an array',
    );
    refused(() => json.resultOf({}), 'aggregate has an unexpected shape');
  });
  it('reads the shapes it accepts', () => {
    expect(json.numberAsString('42', 'm')).toBe(42);
    expect(json.numberAsString(7, 'm')).toBe(7);
    expect(json.batchModeOf(2)).toBe('leader_selected');
    expect(json.resultOf([1, true, false, 3n])).toEqual(['1', '1', '0', '3']);
    expect(json.vdafOf({ type: 'Prio3Histogram', length: '4', chunk_length: '2' })).toEqual({
      type: 'Prio3Histogram',
      length: 4,
      chunk_length: 2,
    });
    expect(json.failure('plain')).toEqual({ status: 'error', error: 'plain' });
  });
});
