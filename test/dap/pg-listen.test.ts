// Notices between the processes of a fleet (docs/dap.md "Running a fleet"): the Leader's notice
// codec (every notice decodes to itself, anything else to nothing), and PostgreSQL LISTEN/NOTIFY
// between two stores of one database: a message sent inside a transaction arrives after its
// COMMIT and never after a ROLLBACK, a process does not hear itself, and after its listening
// connection was cut or the server was down, listening starts again and says so (undefined).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeNotice,
  encodeNotice,
  fleetNotices,
  type Notice,
} from '../../dap/leader/fleet-notices.js';
import { listenPg } from '../../dap/storage/pg-listen.js';
import { openPgKv, type PgKvStore } from '../../dap/storage/pg-kv.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import { PG_MISSING, startPrivateCluster, usePg, type PgCluster } from './pg-cluster.js';
import { tempDir } from './support.js';

const task = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const notice: fc.Arbitrary<Exclude<Notice, { kind: 'resync' }>> = fc.oneof(
  fc.record({
    kind: fc.constant('upload' as const),
    task,
    count: fc.integer({ min: 0, max: 999_999_999 }),
    receivedMs: fc.integer({ min: 0, max: 999_999_999_999_999 }),
  }),
  fc.record({ kind: fc.constantFrom('job' as const, 'collection' as const), task }),
  fc.constant({ kind: 'released' as const }),
);

describe('fleet notice codec', () => {
  it('decodes every notice to itself', () => {
    fc.assert(
      fc.property(notice, (n) => {
        expect(decodeNotice(encodeNotice(n))).toEqual(n);
      }),
    );
  });

  it('ignores what is not a notice', () => {
    for (const m of [
      '',
      'probe',
      'released x',
      'job',
      'job a b',
      'upload a 1',
      'upload a -1 5',
      'upload a 1 x',
      'upload a 1234567890 1',
      'collection a/b',
      `job ${'a'.repeat(65)}`,
      'resync a',
    ])
      expect(decodeNotice(m)).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (m) => {
        const n = decodeNotice(m);
        if (n) expect(encodeNotice(n as Exclude<Notice, { kind: 'resync' }>)).toBe(m);
      }),
    );
  });

  it('on a store of one process, notices reach this process only', async () => {
    const store = await openLevelKv(tempDir('notices-level'));
    try {
      const n = fleetNotices(store);
      const got: [Notice, boolean][] = [];
      const stop = n.subscribe((x, remote) => got.push([x, remote]));
      n.announce({ kind: 'job', task: 'abc' });
      stop();
      n.announce({ kind: 'released' });
      expect(got).toEqual([[{ kind: 'job', task: 'abc' }, false]]);
      await n.close();
    } finally {
      await store.close();
    }
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(f: () => boolean, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!f()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await sleep(20);
  }
}

describe.skipIf(PG_MISSING !== undefined)('LISTEN/NOTIFY between two stores', () => {
  const opened: PgKvStore[] = [];
  const clusters: PgCluster[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
    for (const c of clusters) c.stop();
  });
  const open = async (url: string) => {
    const s = await openPgKv(url, { retry: { retries: 2, firstMs: 50, maxMs: 200 } });
    opened.push(s);
    return s;
  };

  it('delivers after COMMIT, never after ROLLBACK, not to the sender; resumes after a cut', async () => {
    const c = usePg();
    clusters.push(c);
    const url = await c.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    const heard: (string | undefined)[] = [];
    const own: (string | undefined)[] = [];
    const stop = a.listen?.((m) => heard.push(m));
    const stopOwn = b.listen?.((m) => own.push(m));
    await until(() => heard.length > 0 && own.length > 0);
    expect(heard).toEqual([undefined]);

    await b.exclusive(async () => {
      b.announce?.('inside');
      await b.write([{ type: 'put', key: 'k', value: new Uint8Array([1]) }]);
      await sleep(100);
      expect(heard).toEqual([undefined]);
    });
    await expect(
      b.exclusive(async () => {
        b.announce?.('rolled back');
        await b.write([{ type: 'insert', key: 'k', value: new Uint8Array([2]) }]);
        await b.get('k');
      }),
    ).rejects.toThrow();
    b.announce?.('outside');
    b.announce?.('x'.repeat(600));
    await until(() => heard.includes('outside'));
    expect(heard).toEqual([undefined, 'inside', 'outside']);
    expect(own).toEqual([undefined]);

    // The listening connection is cut: the client listens again, and says so.
    await a.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'listen%'`;
    await until(() => heard.length === 4);
    expect(heard[3]).toBeUndefined();
    b.announce?.('again');
    await until(() => heard.includes('again'));
    await stop?.();
    await stopOwn?.();
  });

  it('a server that was down when the client tried to listen again: the probe restarts it', async () => {
    const c = startPrivateCluster();
    clusters.push(c);
    const url = await c.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    const heard: (string | undefined)[] = [];
    const l = listenPg(a.sql, 'me', (m) => heard.push(m), 300);
    await until(() => heard.length === 1);
    c.down();
    await sleep(500);
    c.up();
    // Listening again (reported as undefined), by the client or by the probe.
    await until(() => heard.length >= 2);
    const sendUntilHeard = async () => {
      for (let i = 0; i < 100 && !heard.includes('back'); i++) {
        await b.sql.notify('mesh_dap', 'other back').catch(() => undefined);
        await sleep(100);
      }
    };
    await sendUntilHeard();
    expect(heard).toContain('back');
    expect(heard.every((m) => m === undefined || m === 'back')).toBe(true);
    await l.close();
  }, 30_000);
});
