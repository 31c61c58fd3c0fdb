// A collection job whose lease another live process holds (docs/dap.md "Running a fleet"): a Leader
// that found the lease busy does not claim it again on every job that ends meanwhile (the lease
// cannot be had before it expires or is released), yet takes the collection over once the holder
// let it expire and its recheck came, and finishes it. Runs with MESH_DAP_BACKEND=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { leasesOf } from '../../dap/storage/leases.js';
import { collectionLease } from '../../dap/leader/work-lease.js';
import { BACKEND } from './backend.js';
import { harness, type Harness } from './harness.js';
import { send } from './requests.js';

const TP = 60;
/** A third of it is the driver's recheck: short, so the takeover comes within the test. */
const LEASE_MS = 9000;
const OTHER_HOLDS_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let h: Harness;

describe.skipIf(BACKEND !== 'postgres')('a collection lease another process holds', () => {
  beforeAll(async () => {
    h = await harness({ min_batch_size: 1, time_precision: TP }, { leaseMs: LEASE_MS });
  });
  afterAll(async () => {
    await h.close();
  });

  it('is claimed again only after its recheck, then taken over and finished', async () => {
    const task = h.files.client.task_id;
    const client = new DapClient(h.files.client);
    const start = Math.floor(Date.now() / 1000 / TP) * TP - TP;
    // The driver's first pass (started with it) is over before the collection job exists.
    await h.driver.tick();
    const body = m.encodeCollectionJobReq({
      query: m.timeIntervalQuery({ start: start / TP, duration: 1 }),
      aggParam: new Uint8Array(0),
      extensions: [],
    });
    const token = h.files.collector.collector_auth_token;
    const created = await send('POST', `${h.leaderUrl}tasks/${task}/collection_jobs`, {
      type: m.MediaType.collectionJobReq,
      body,
      token,
    });
    expect(created.status).toBe(201);
    const url = new URL(created.location ?? '', h.leaderUrl).toString();
    const id = url.slice(url.lastIndexOf('/') + 1);
    const name = collectionLease(task, id);
    // Another process of the fleet (a holder of its own on the same database) drives it.
    const other = leasesOf(h.leader.store);
    expect(await other.claim(name, OTHER_HOLDS_MS)).toBe('acquired');
    const real = h.leader.leases;
    let claims = 0;
    h.leader.leases = {
      ...real,
      claim: (n, ttl) => {
        if (n === name) claims++;
        return real.claim(n, ttl);
      },
    };
    await h.driver.tick();
    expect(claims).toBe(1);
    // A job ends (a report uploaded, made into a job and committed): the collection is stepped again.
    const r = await client.prepare({ measurement: 1, timeSeconds: start });
    const up = await send('POST', `${h.leaderUrl}tasks/${task}/reports`, {
      type: m.MediaType.uploadReq,
      body: m.encodeUploadRequest([r]),
    });
    expect(up.status).toBe(200);
    for (let i = 0; i < 3; i++) await h.driver.tick();
    expect(claims).toBe(1);
    // The other's lease expired and the recheck came: this process takes the collection over.
    await sleep(Math.max(OTHER_HOLDS_MS, LEASE_MS / 3) + 100);
    for (let i = 0; i < 3; i++) await h.driver.tick();
    expect(claims).toBeGreaterThan(1);
    const done = await send('GET', url, { token });
    expect(done.type).toBe(m.MediaType.collectionJobResp);
    expect(m.decodeCollectionJobResp(done.bytes).reportCount).toBe(1);
  });
});
