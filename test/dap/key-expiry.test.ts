// DAP-18 §4.4.1 key expiry at a running Leader (in process, real servers and stores): reports it
// accepted before one of its keys expired still aggregate (an accepted report is never lost), while
// a new report sealed to the expired key is refused with outdated_config.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { harness, type Harness } from './harness.js';
import { collectTicking } from './requests.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ min_batch_size: 1 });
});
afterAll(async () => {
  await h.close();
});

describe('HPKE key expiry on a running Leader', () => {
  it('aggregates reports accepted before the expiry and refuses new ones sealed to the old key', async () => {
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000);
    const [k1] = h.leader.keyring.active();
    expect(
      (await client.upload([1, 1, 0].map((measurement) => ({ measurement, timeSeconds: t }))))
        .accepted,
    ).toBe(3);
    // Rotate while the three reports wait (the driver only runs when ticked).
    const k2 = await h.leader.keyring.addPending();
    await h.leader.keyring.setState(k2, 'active');
    await h.leader.keyring.setState(k1?.id ?? -1, 'expired');
    expect(h.leader.keyring.active().map((c) => c.id)).toEqual([k2]);
    expect(h.leader.keyring.accepts(k1?.id ?? -1)).toBe(false);

    const stale = await client.prepare({ measurement: 1, timeSeconds: t });
    expect(stale.leaderEncryptedInputShare.configId).toBe(k1?.id);
    const res = await fetch(`${h.leaderUrl}tasks/${h.files.client.task_id}/reports`, {
      method: 'POST',
      headers: { 'content-type': m.MediaType.uploadReq },
      body: m.encodeUploadRequest([stale]),
    });
    const errors = m.decodeUploadErrors(new Uint8Array(await res.arrayBuffer()));
    expect(errors.map((e) => e.error)).toEqual(['outdated_config']);

    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c.reportCount).toBe(3);
    expect(c.aggregate).toBe(2);
  });
});
