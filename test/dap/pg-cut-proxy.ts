// A TCP front for a real PostgreSQL server's Unix socket that can lose one COMMIT's answer: armed,
// it drops the next reply carrying the server's COMMIT command tag (PostgreSQL 15 docs §55.7
// CommandComplete) and cuts the connection, so the client sees a lost connection for a transaction
// the server did commit.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface CutProxy {
  /** A postgres:// URL for `database` through the front. */
  url(database: string): string;
  /** The next COMMIT sent through the front loses its answer. */
  arm(): void;
  /** COMMITs cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

const COMMIT = Buffer.from('COMMIT\0');

/** `socketDir` is the server's -k folder (its socket is .s.PGSQL.5432 there unless `port`). */
export async function startCutProxy(socketDir: string, port = 5432): Promise<CutProxy> {
  let armed = false;
  let cuts = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ path: `${socketDir}/.s.PGSQL.${String(port)}` });
    open.add(client).add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('data', (b: Buffer) => upstream.write(b));
    upstream.on('data', (b: Buffer) => {
      if (armed && b.includes(COMMIT)) {
        // The server has committed; the client never hears it.
        armed = false;
        cuts++;
        end();
        return;
      }
      client.write(b);
    });
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('no address');
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${String(addr.port)}/${db}`,
    arm() {
      armed = true;
    },
    get cuts() {
      return cuts;
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((r) =>
        server.close(() => {
          r();
        }),
      );
    },
  };
}
