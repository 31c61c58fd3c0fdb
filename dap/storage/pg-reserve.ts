// A reserved connection for one transaction, with a deadline. postgres.js 3.4.9 loses a reservation
// whose new connection is cut while it fetches the server's array types (its first statement on every
// connection): the reservation never settles, and the fetch's rejection is awaited by nothing, which
// would end the process. The deadline turns the first into a lost connection the store retries
// (docs/dap.md "Running a fleet"); the filter below keeps the second from ending the process.
import type { ReservedSql, Sql } from 'postgres';
import { withDeadline } from '../../common/index.js';
import { DapError } from '../errors.js';

/** How long a transaction waits for a connection of the pool before it counts as lost. */
export const RESERVE_MS = 20_000;

const LOST = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED']);
let filtering = false;

/**
 * Lets the client's own lost-connection rejections that nothing awaited pass; every other
 * unhandled rejection still ends the process as Node does by default.
 */
function passStrayConnectionLosses(): void {
  if (filtering) return;
  filtering = true;
  process.on('unhandledRejection', (reason) => {
    // postgres.js marks its connection errors with errno equal to code (src/errors.js).
    const e = reason as { code?: unknown; errno?: unknown } | null;
    if (reason instanceof Error && typeof e?.code === 'string' && LOST.has(e.code))
      if (e.errno === e.code) return;
    throw reason;
  });
}

/**
 * `sql.reserve()`, or a lost connection after `ms` (the reservation, if it comes later, is released
 * at once).
 *
 * @throws the client's error, or {DapError} storage_connection_lost after `ms`
 */
export async function reserveWithin(sql: Sql, ms = RESERVE_MS): Promise<ReservedSql> {
  passStrayConnectionLosses();
  const pending = sql.reserve();
  try {
    return await withDeadline(
      pending,
      ms,
      () =>
        new DapError('storage_connection_lost', `no database connection within ${String(ms)} ms`),
    );
  } catch (e) {
    pending.then(
      (c) => {
        c.release();
      },
      () => undefined,
    );
    throw e;
  }
}
