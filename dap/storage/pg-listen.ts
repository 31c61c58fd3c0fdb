// Wake-ups between the processes of a fleet over PostgreSQL LISTEN/NOTIFY (PostgreSQL 15 docs
// "NOTIFY"; docs/dap.md "Running a fleet"). A notification is a hint: every process still polls its
// store slowly, so a notification lost with a connection delays work and never loses it. The client
// re-listens after a lost connection, but gives up when the server is down at that instant, so each
// process sends itself a probe now and then and listens anew when the probe does not come back.
import type { Sql } from 'postgres';

/** The channel of a store's processes (channels are per database). */
export const CHANNEL = 'mesh_dap';
/** The largest payload sent or read (PostgreSQL takes up to 8000 bytes). */
export const MAX_PAYLOAD = 512;
const PROBE = 'probe';

export interface PgListener {
  /** Stops listening (the store's close ends the listening connection with its pool). */
  close(): Promise<void>;
}

/**
 * Calls `f` with each message another process sent (`self` names this one), and with undefined
 * whenever listening (re)started, since messages may have been missed meanwhile.
 */
export function listenPg(
  sql: Sql,
  self: string,
  f: (message: string | undefined) => void,
  probeMs: number,
): PgListener {
  let handle: { unlisten(): Promise<void> } | undefined;
  let closed = false;
  let probeSent = 0;
  let probeSeen = 0;
  const onMessage = (payload: string): void => {
    if (payload.length > MAX_PAYLOAD) return;
    const space = payload.indexOf(' ');
    const from = payload.slice(0, space);
    const message = payload.slice(space + 1);
    if (space <= 0) return;
    if (from !== self) f(message);
    else if (message === PROBE) probeSeen = Date.now();
  };
  const start = (): void => {
    const old = handle;
    handle = undefined;
    void (old ? old.unlisten().catch(() => undefined) : Promise.resolve())
      .then(() =>
        sql.listen(CHANNEL, onMessage, () => {
          if (!closed) f(undefined);
        }),
      )
      .then(
        (h) => {
          if (closed) void h.unlisten().catch(() => undefined);
          else handle = h;
        },
        () => undefined,
      );
  };
  const timer = setInterval(() => {
    // No listener, or the last probe did not come back: listen anew.
    if (!handle || probeSeen < probeSent) start();
    probeSent = Date.now();
    sql.notify(CHANNEL, `${self} ${PROBE}`).catch(() => undefined);
  }, probeMs);
  timer.unref();
  start();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await handle?.unlisten().catch(() => undefined);
    },
  };
}
