// dap/server.ts as `mesh serve` composes it, in process on a real level store: each role's health
// before and after close, a data folder whose admin socket path is too long still serves (the
// failure reaches onError), and the config readers refuse each wrong dap section with task_invalid.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  aggregatorOptionsFrom,
  mountHelper,
  mountLeader,
  storeFrom,
  taskFilesFor,
} from '../../dap/server.js';
import { newTaskFiles, taskParams, tempDir, writeTaskFiles } from './support.js';

const files = newTaskFiles(taskParams('http://127.0.0.1:1/leader/', 'http://127.0.0.1:2/helper/'));
const paths = writeTaskFiles(tempDir('server-tasks'), files);

describe('mountLeader and mountHelper', () => {
  it('serve, report ready, and report closed after close', async () => {
    const app = new Hono();
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    const leader = await mountLeader(app, {
      dataDir: tempDir('server-leader'),
      taskFiles: [paths.leader],
      prefix: '/leader',
      options: { tickMs: 2 ** 30 },
      onError,
    });
    const helper = await mountHelper(app, {
      dataDir: tempDir('server-helper'),
      taskFiles: [paths.helper],
      prefix: '/helper',
      onError,
    });
    expect(helper.health()).toEqual({ ready: true, state: 'ready' });
    for (let i = 0; i < 500 && !leader.health().ready; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(leader.health()).toEqual({ ready: true, state: 'ready' });
    const res = await app.request(`/leader/hpke_config?task_id=${files.client.task_id}`);
    expect(res.status).toBe(200);
    await leader.close();
    await helper.close();
    expect(leader.health()).toEqual({ ready: false, state: 'closed' });
    expect(helper.health()).toEqual({ ready: false, state: 'closed' });
    expect(errors).toEqual([]);
  }, 60_000);

  it('serve without the admin socket when its path is too long, and say why', async () => {
    const deep = join(tempDir('server-deep'), 'd'.repeat(60), 'e'.repeat(60));
    mkdirSync(deep, { recursive: true });
    const errors: unknown[] = [];
    const app = new Hono();
    const helper = await mountHelper(app, {
      dataDir: deep,
      taskFiles: [paths.helper],
      prefix: '/helper',
      onError: (e) => errors.push(e),
    });
    try {
      expect(helper.health().ready).toBe(true);
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toMatch(/socket|path|long/i);
      const res = await app.request(`/helper/hpke_config?task_id=${files.client.task_id}`);
      expect(res.status).toBe(200);
    } finally {
      await helper.close();
    }
  }, 60_000);
});

describe('the dap config readers', () => {
  it('taskFilesFor keeps files of the role and files it cannot read (readTaskFile says why)', () => {
    const dir = tempDir('server-mixed');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{not json');
    expect(taskFilesFor([paths.leader, paths.helper, broken], 'leader')).toEqual([
      paths.leader,
      broken,
    ]);
    expect(taskFilesFor([paths.leader, paths.helper], 'helper')).toEqual([paths.helper]);
  });

  it('storeFrom prefers the flag and refuses a store that is not a string', () => {
    expect(storeFrom('postgres://a/b', { store: 'postgres://c/d' })).toBe('postgres://a/b');
    expect(storeFrom(undefined, { store: 'postgres://c/d' })).toBe('postgres://c/d');
    expect(storeFrom(undefined, undefined)).toBeUndefined();
    expect(storeFrom(undefined, {})).toBeUndefined();
    expect(() => storeFrom(undefined, { store: 5 })).toThrow(/dap.store must be a URL string/);
  });

  it('aggregatorOptionsFrom reads integers and Helper URLs, and refuses anything else', () => {
    expect(aggregatorOptionsFrom(undefined)).toEqual({});
    expect(
      aggregatorOptionsFrom({
        tickMs: 5,
        helperUrls: { 'https://h.example/dap/': 'http://10.0.0.2:8080/helper/' },
      }),
    ).toEqual({
      tickMs: 5,
      helperUrls: new Map([['https://h.example/dap/', 'http://10.0.0.2:8080/helper/']]),
    });
    expect(aggregatorOptionsFrom({ tickMs: 5, store: 'postgres://x/y' })).toEqual({ tickMs: 5 });
    const refused: [unknown, RegExp][] = [
      ['tickMs=5', /must be an object/],
      [null, /must be an object/],
      [{ nope: 1 }, /unknown dap option nope/],
      [{ limits: 1 }, /unknown dap option limits/],
      [{ peerLimits: 1 }, /unknown dap option peerLimits/],
      [{ tickMs: -1 }, /tickMs must be a non-negative integer/],
      [{ tickMs: 1.5 }, /tickMs must be a non-negative integer/],
      [{ tickMs: '5' }, /tickMs must be a non-negative integer/],
      [{ helperUrls: 'http://h/' }, /helperUrls must map Helper endpoints to URLs/],
      [{ helperUrls: ['http://h/'] }, /helperUrls must map Helper endpoints to URLs/],
      [{ helperUrls: { 'http://h/': 5 } }, /helperUrls\["http:\/\/h\/"\] must be a URL/],
      [{ helperUrls: { 'http://h/': 'http://a' } }, /must end with '\/'/],
      [{ helperUrls: { 'http://h/': 'ftp://a/' } }, /must be http\(s\)/],
      [{ helperUrls: { 'h/': 'http://a/' } }, /a dap.helperUrls key is not a URL/],
    ];
    for (const [section, message] of refused) {
      expect(() => aggregatorOptionsFrom(section)).toThrow(message);
      expect(() => aggregatorOptionsFrom(section)).toThrow(
        expect.objectContaining({ code: 'task_invalid' }) as Error,
      );
    }
  });
});
