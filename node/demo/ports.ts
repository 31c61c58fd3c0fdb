// A free TCP port on 127.0.0.1, for servers whose URL must be known before they start (a DAP task
// names its aggregators' endpoints, and the aggregators load that task at start).
import { createServer } from 'node:net';

/**
 * Below Linux's default ephemeral range (32768–60999): a port the kernel hands to a `listen(0)` or
 * to an outgoing connection between our probe and the server's own bind would take the port away.
 */
const LOW = 20_000;
const HIGH = 32_000;

function tryBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => {
      resolve(false);
    });
    srv.listen(port, '127.0.0.1', () => {
      srv.close(() => {
        resolve(true);
      });
    });
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await tryBind(port)) return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${String(LOW)} and ${String(HIGH)}`);
}
