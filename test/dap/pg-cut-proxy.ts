// A TCP front for a real PostgreSQL server's Unix socket that can lose one COMMIT's answer: armed,
// it drops the next reply carrying the server's COMMIT command tag (PostgreSQL 15 docs §55.7
// CommandComplete) and cuts the connection, so the client sees a lost connection for a transaction
// the server did commit. It also counts the client's array-type fetches (postgres.js sends one on a
// new connection) and can cut every open connection, or the next one that fetches types.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface CutProxy {
  /** A postgres:// URL for `database` through the front. */
  url(database: string): string;
  /** The next COMMIT sent through the front loses its answer. */
  arm(): void;
  /** COMMITs cut so far. */
  readonly cuts: number;
  /** The next connection that asks for the server's array types is cut at that query. */
  armTypes(): void;
  /** Array-type queries clients sent so far. */
  readonly typeFetches: number;
  /** Cuts every connection open now. */
  cutAll(): void;
  close(): Promise<void>;
}

const COMMIT = Buffer.from('COMMIT\0');
const TYPE_FETCH = Buffer.from('typarray');

/** `socketDir` is the server's -k folder (its socket is .s.PGSQL.5432 there unless `port`). */
export async function startCutProxy(socketDir: string, port = 5432): Promise<CutProxy> {
  let armed = false;
  let cuts = 0;
  let typesArmed = false;
  let typeFetches = 0;
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
    client.on('data', (b: Buffer) => {
      if (b.includes(TYPE_FETCH)) {
        typeFetches++;
        if (typesArmed) {
          typesArmed = false;
          end();
          return;
        }
      }
      upstream.write(b);
    });
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
    armTypes() {
      typesArmed = true;
    },
    get typeFetches() {
      return typeFetches;
    },
    cutAll() {
      for (const s of open) s.destroy();
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
