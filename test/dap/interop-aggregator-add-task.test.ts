// draft-dcook-ppm-dap-interop-test-design §4.3 add_task through dap/interop/aggregator-api.ts into
// in-process aggregators on real level stores: a task interval from task_start/task_end, and each
// refusal (role, interval order, verify key size, a task added twice, a role not served) is
// task_invalid and adds nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAggregatorTask } from '../../dap/interop/aggregator-api.js';
import { harness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

const TP = 60;
const request = (over: Record<string, unknown> = {}) => ({
  role: 'leader',
  task_id: randomBytes(32).toString('base64url'),
  leader: h.leaderUrl,
  helper: h.helperUrl,
  vdaf: { type: 'Prio3Count' },
  time_precision: TP,
  vdaf_verify_key: randomBytes(32).toString('base64url'),
  collector_hpke_config: h.files.leader.collector_hpke_config,
  leader_authentication_token: randomBytes(16).toString('base64url'),
  collector_authentication_token: randomBytes(16).toString('base64url'),
  ...over,
});

describe('addAggregatorTask', () => {
  it('adds a task with the interval task_start and task_end give, once', async () => {
    const r = request({ task_start: 600, task_end: 1800 });
    await addAggregatorTask({ leader: h.leader }, r);
    const lt = [...h.leader.tasks.values()].find((t) => t.task.idB64 === r.task_id);
    expect(lt?.task.params.task_interval).toEqual({ start: 10, duration: 20 });
    await expect(addAggregatorTask({ leader: h.leader }, r)).rejects.toThrow(/already exists/);
    const helper = request({ role: 'helper' });
    await addAggregatorTask({ helper: h.helper }, helper);
    expect(h.helper.tasks.has(helper.task_id)).toBe(true);
  });

  it('refuses each bad request with task_invalid and adds nothing', async () => {
    const before = [h.leader.tasks.size, h.helper.tasks.size];
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ role: 'collector' }, /role must be "leader" or "helper"/],
      [{ task_start: 1800, task_end: 600 }, /task_end must follow task_start/],
      [{ task_start: 600, task_end: 630 }, /task_end must follow task_start/],
      [{ task_start: 600 }, /"task_end" must be a non-negative integer/],
      [
        { vdaf_verify_key: randomBytes(16).toString('base64url') },
        /vdaf_verify_key must be 32 bytes/,
      ],
      [{ role: 'helper' }, /does not serve dap-helper/],
    ];
    for (const [over, message] of refusals) {
      const e = (await addAggregatorTask({ leader: h.leader }, request(over)).catch(
        (x: unknown) => x,
      )) as Error & { code: string };
      expect(e.code).toBe('task_invalid');
      expect(e.message).toMatch(message);
    }
    await expect(addAggregatorTask({}, request())).rejects.toThrow(/does not serve dap-leader/);
    expect([h.leader.tasks.size, h.helper.tasks.size]).toEqual(before);
  });
});
