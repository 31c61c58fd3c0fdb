// The CLI side of the admin channel (dap/admin/client.ts, socket-path.ts) against real unix sockets
// that are not a healthy server: nothing listening, a peer that sends an oversized frame, one that
// closes without answering, one that never answers (the 15 s bound); and the socket folder checks:
// a path too long for sun_path, a folder that is a symlink, a file where the socket goes.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCall, adminListening } from '../../dap/admin/client.js';
import { adminSocketPath, prepareAdminSocket } from '../../dap/admin/socket-path.js';
import { tempDir } from './support.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A unix-socket peer at a fresh path that answers each connection with `onConnection`. */
async function peer(onConnection: (s: Socket) => void): Promise<string> {
  const path = join(tempDir('admin-peer'), 'p.sock');
  const server = createServer((s) => {
    sockets.push(s);
    // The client destroys its end once it has decided; the reset it causes here is expected.
    s.on('error', () => undefined);
    onConnection(s);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(path, r));
  return path;
}

const list = { op: 'list' } as const;

describe('adminCall and adminListening against peers that are not our server', () => {
  it('nothing listening: not listening, and the call fails with admin_unavailable', async () => {
    const path = join(tempDir('admin-none'), 'gone.sock');
    expect(await adminListening(path)).toBe(false);
    await expect(adminCall(path, list)).rejects.toMatchObject({ code: 'admin_unavailable' });
  });

  it('an oversized answer frame is a bad answer', async () => {
    const path = await peer((s) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(1 << 24);
      s.write(head);
    });
    expect(await adminListening(path)).toBe(true);
    const e = (await adminCall(path, list).catch((x: unknown) => x)) as Error;
    expect(e).toMatchObject({ code: 'admin_unavailable' });
    expect(e.message).toContain('sent a bad answer');
  });

  it('a peer that closes without answering', async () => {
    const path = await peer((s) => {
      s.end();
    });
    const e = (await adminCall(path, list).catch((x: unknown) => x)) as Error;
    expect(e).toMatchObject({ code: 'admin_unavailable' });
    expect(e.message).toContain('closed before answering');
  });

  it('a peer that never answers is given up on within the bound', async () => {
    const path = await peer(() => undefined);
    const e = (await adminCall(path, list).catch((x: unknown) => x)) as Error;
    expect(e).toMatchObject({ code: 'admin_unavailable' });
    expect(e.message).toMatch(/did not answer within \d+ ms/);
  }, 60_000);
});

describe('prepareAdminSocket refuses a folder it cannot trust', () => {
  it('a path longer than sun_path', () => {
    const deep = join(tempDir('admin-long'), 'x'.repeat(120));
    expect(() => prepareAdminSocket(deep)).toThrow(
      expect.objectContaining({ code: 'admin_unavailable' }) as Error,
    );
    expect(() => prepareAdminSocket(deep)).toThrow(/longer than 107 bytes/);
  });

  it('an admin folder that is a symlink', () => {
    const role = tempDir('admin-link');
    const elsewhere = join(role, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(role, 'admin'));
    expect(() => prepareAdminSocket(role)).toThrow(/not a directory owned by this user/);
  });

  it('a file where the socket goes, and a fresh folder is made 0700', () => {
    const role = tempDir('admin-file');
    mkdirSync(join(role, 'admin'));
    writeFileSync(adminSocketPath(role), 'not a socket');
    expect(() => prepareAdminSocket(role)).toThrow(/exists and is not a socket/);
    const fresh = tempDir('admin-fresh');
    expect(prepareAdminSocket(fresh)).toBe(adminSocketPath(fresh));
  });
});
