// The admin socket of a running `mesh serve` Leader (dap/admin/): hostile, oversized, truncated and
// trailing frames are answered with a coded error and change nothing; only the socket's owner can
// open it (file modes); a Leader SIGKILLed while a rotation is being applied restarts with the old or
// the new key set, and an answered change is always there after the restart.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../../dap/admin/client.js';
import { decodeFrame, encodeFrame } from '../../dap/admin/frame.js';
import { decodeAdminAnswer, type KeyInfo } from '../../dap/admin/messages.js';
import { newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { CRASH_ROUNDS } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from './support.js';

const dir = tempDir('admin');
const data = join(dir, 'l');
const sock = join(data, 'dap-leader', 'admin', 'admin.sock');
const running: ServeProcess[] = [];
const start = async () => {
  const p = await startServe([
    '--role',
    'dap-leader',
    '--data',
    data,
    '--task',
    join(dir, 't.json'),
  ]);
  running.push(p);
  return p;
};

beforeAll(() => {
  const files = newTaskFiles({
    task_info: 'YQ',
    leader: 'http://127.0.0.1:1/leader/',
    helper: 'http://127.0.0.1:2/helper/',
    time_precision: 60,
    min_batch_size: 1,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3Count' },
  });
  writeFileSync(join(dir, 't.json'), JSON.stringify(files.leader), { mode: 0o600 });
});

afterAll(async () => {
  for (const p of running) await p.stop();
});

/** Sends raw bytes, half-closes unless told not to, and returns the raw answer. */
function raw(bytes: Uint8Array, end = true): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const s = connect({ path: sock, allowHalfOpen: true });
    const got: Buffer[] = [];
    s.on('data', (d: Buffer) => got.push(d));
    s.once('end', () => s.end());
    s.once('connect', () => {
      if (end) s.end(bytes);
      else s.write(bytes);
    });
    s.once('close', () => {
      resolve(new Uint8Array(Buffer.concat(got)));
    });
    s.once('error', reject);
  });
}

async function list(): Promise<KeyInfo[]> {
  const a = await adminCall(sock, { op: 'list' });
  if (!('keys' in a)) throw new Error('no keys');
  return a.keys;
}

async function advertised(url: string): Promise<number[]> {
  const res = await fetch(`${url}/leader/hpke_config`);
  return m.decodeHpkeConfigList(new Uint8Array(await res.arrayBuffer())).map((c) => c.id);
}

const frame = (s: string) => encodeFrame(new TextEncoder().encode(s), 1 << 20);
const header = (n: number) => {
  const h = new Uint8Array(4);
  new DataView(h.buffer).setUint32(0, n);
  return h;
};

describe('the admin socket of a running Leader', () => {
  it('refuses hostile and oversized frames with a coded error and changes nothing', async () => {
    const leader = await start();
    const before = await list();
    const hpkeBefore = await advertised(leader.url);
    const cases: [string, Uint8Array, string][] = [
      ['oversized header', new Uint8Array([...header(1 << 30), 1, 2, 3]), 'decode_bounds'],
      ['oversized body', frame(`{"v":1,"op":"add","x":"${'a'.repeat(4000)}"}`), 'decode_bounds'],
      ['trailing byte', new Uint8Array([...frame('{"v":1,"op":"add"}'), 0]), 'decode_trailing'],
      [
        'two frames',
        new Uint8Array([...frame('{"v":1,"op":"add"}'), ...frame('{"v":1,"op":"add"}')]),
        'decode_trailing',
      ],
      [
        'truncated body',
        new Uint8Array([...header(18), ...new TextEncoder().encode('{"v":1')]),
        'decode_truncated',
      ],
      ['truncated header', Uint8Array.of(0, 0), 'decode_truncated'],
      ['empty', new Uint8Array(0), 'decode_truncated'],
      ['not JSON', frame('add'), 'decode_invalid'],
      ['not UTF-8', encodeFrame(Uint8Array.of(0xff, 0xfe, 0xfd), 10), 'decode_invalid'],
      ['extra key', frame('{"v":1,"op":"add","force":true}'), 'decode_invalid'],
      ['unknown op', frame('{"v":1,"op":"delete","id":1}'), 'decode_invalid'],
      ['bad id', frame('{"v":1,"op":"set_state","id":256,"state":"expired"}'), 'decode_invalid'],
      ['newer version', frame('{"v":2,"op":"add"}'), 'decode_invalid'],
      [
        'back to pending',
        frame('{"v":1,"op":"set_state","id":1,"state":"pending"}'),
        'decode_invalid',
      ],
    ];
    for (const [what, bytes, code] of cases) {
      const answer = decodeAdminAnswer(decodeFrame(await raw(bytes), 1 << 16));
      expect(answer, what).toMatchObject({ ok: false, code });
    }
    const junk = new Uint8Array(randomBytes(70_000));
    junk.set(header(0xffffff00));
    expect(decodeAdminAnswer(decodeFrame(await raw(junk), 1 << 16))).toMatchObject({
      ok: false,
      code: 'decode_bounds',
    });
    // A lifecycle rule is a coded refusal too: the only active key cannot expire.
    const only = before.find((k) => k.state === 'active')?.id ?? -1;
    const refused = await raw(frame(`{"v":1,"op":"set_state","id":${only},"state":"expired"}`));
    expect(decodeAdminAnswer(decodeFrame(refused, 1 << 16))).toMatchObject({
      ok: false,
      code: 'key_rotation_refused',
    });
    // A refused peer that does not close is disconnected once the answer is out (well before the
    // idle limit); a connection that never finishes its frame is closed at the idle limit.
    const t1 = Date.now();
    const early = decodeAdminAnswer(decodeFrame(await raw(header(1 << 30), false), 1 << 16));
    expect(early).toMatchObject({ ok: false, code: 'decode_bounds' });
    expect(Date.now() - t1).toBeLessThan(4_000);
    const t0 = Date.now();
    expect(await raw(header(10), false)).toEqual(new Uint8Array(0));
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(await list()).toEqual(before);
    expect(await advertised(leader.url)).toEqual(hpkeBefore);
    expect(leader.child.exitCode).toBeNull();
    await leader.stop();
  }, 60_000);

  it('is 0600 in a 0700 folder; another user cannot connect; a socket open to others is refused', async () => {
    const leader = await start();
    expect(statSync(sock).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(sock)).mode & 0o777).toBe(0o700);
    expect(statSync(sock).uid).toBe(process.getuid?.());
    if (process.getuid?.() === 0) {
      // As root the test can be another user: with every folder on the way opened up, the
      // socket's own mode is what keeps uid 65534 out.
      const folders = [dir, data, join(data, 'dap-leader'), dirname(sock)];
      const modes = folders.map((f) => statSync(f).mode & 0o777);
      for (const f of folders) chmodSync(f, 0o711);
      try {
        const probe = `require('net').connect(${JSON.stringify(sock)}).on('connect',()=>{console.log('CONNECTED');process.exit(0)}).on('error',e=>{console.log(e.code);process.exit(0)})`;
        const out = await new Promise<string>((resolve) => {
          const c = spawn(process.execPath, ['-e', probe], { uid: 65534, gid: 65534 });
          let s = '';
          c.stdout.on('data', (d: Buffer) => (s += d.toString()));
          c.on('close', () => {
            resolve(s.trim());
          });
        });
        expect(out).toBe('EACCES');
      } finally {
        folders.forEach((f, i) => {
          chmodSync(f, modes[i] ?? 0o700);
        });
      }
    } else {
      console.warn('skip: the other-user connect check needs root to switch users');
    }
    chmodSync(sock, 0o666);
    const r = await runMesh(['dap', 'keys', 'list', '--data', data, '--json']);
    chmodSync(sock, 0o600);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'admin_unavailable' } });
    expect(r.stdout).toMatch(/open to other users/);
    await leader.stop();
  }, 60_000);

  it('restarts with the old or the new key set after a SIGKILL during a rotation', async () => {
    let leader = await start();
    const rounds = Math.max(6, CRASH_ROUNDS);
    const seen = { answered: 0, appliedUnanswered: 0, unchanged: 0 };
    for (let round = 0; round < rounds; round++) {
      const before = await list();
      const pending = before.find((k) => k.state === 'pending');
      const active = before.filter((k) => k.state === 'active');
      const req = pending
        ? { op: 'set_state' as const, id: pending.id, state: 'active' as const }
        : active.length >= 2 && active[0]
          ? { op: 'set_state' as const, id: active[0].id, state: 'expired' as const }
          : { op: 'add' as const };
      const call = adminCall(sock, req).then(
        (a) => a.ok,
        () => false,
      );
      await new Promise((r) => setTimeout(r, randomInt(0, 6)));
      await leader.kill();
      const answered = await call;
      if (answered) seen.answered++;
      leader = await start();
      const after = await list();
      const changed = after.filter(
        (k) => JSON.stringify(k) !== JSON.stringify(before.find((b) => b.id === k.id)),
      );
      if (changed.length > 0) {
        if (!answered) seen.appliedUnanswered++;
        expect(changed).toHaveLength(1);
        const c = changed[0];
        if (req.op === 'add') {
          expect(after).toHaveLength(before.length + 1);
          expect(c).toMatchObject({ state: 'pending', advertised: false });
        } else {
          expect(after).toHaveLength(before.length);
          expect(c).toMatchObject({ id: req.id, state: req.state });
        }
      } else {
        // An answered change is durable: it is never lost by a kill after the answer.
        expect(answered, `round ${round}`).toBe(false);
        expect(after).toEqual(before);
        seen.unchanged++;
      }
      const adv = after.filter((k) => k.advertised).map((k) => k.id);
      expect((await advertised(leader.url)).sort()).toEqual(adv.sort());
      expect(adv.length).toBeGreaterThan(0);
    }
    console.log(`admin SIGKILL over ${rounds} rounds: ${JSON.stringify(seen)}`);
    await leader.stop();
  }, 300_000);
});
