// A free TCP port on 127.0.0.1, for servers whose URL must be known before they start (a DAP task
// names its aggregators' endpoints, and the aggregators load that task at start).
import { mkdirSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeError } from '../errors.js';

/**
 * Below Linux's default ephemeral range (32768–60999): a port the kernel hands to a `listen(0)` or
 * to an outgoing connection between our probe and the server's own bind would take the port away.
 */
const LOW = 20_000;
const HIGH = 32_000;
/**
 * Between the probe and the server's bind, another process picking at random could probe the same
 * port and bind first. A port handed out is claimed by an exclusively created file, which every
 * caller on the machine respects until it is this old (a server binds within seconds of the pick).
 */
const CLAIMS = join(tmpdir(), 'mesh-port-claims');
const CLAIM_MS = 10 * 60_000;

function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      try {
        if (Date.now() - statSync(file).mtimeMs < CLAIM_MS) return false;
        unlinkSync(file);
      } catch {
        // Another caller removed or renewed it first: try once more, then give the port up.
      }
    }
  }
  return false;
}

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

/**
 * A port no process listens on and no other caller of this function was given in the last ten
 * minutes.
 *
 * @throws {NodeError} io_failed when 200 random picks find none.
 * @example const port = await freePort();
 */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true });
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (claim(port) && (await tryBind(port))) return port;
  }
  throw new NodeError(
    'io_failed',
    `no free port on 127.0.0.1 between ${String(LOW)} and ${String(HIGH)}`,
    `free some ports in that range, or remove stale claims in ${CLAIMS}`,
  );
}
