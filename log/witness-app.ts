// c2sp.org/tlog-witness §HTTP Interface as a hono sub-app: POST /add-checkpoint and the monitoring
// GET /<origin hash>/checkpoint, to be mounted under the witness's prefix (e.g. /witness).
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Witness } from './witness.js';

/** Generous for 63 proof lines plus a checkpoint with many post-quantum cosignatures. */
export const DEFAULT_WITNESS_MAX_BODY = 256 * 1024;

export function witnessApp(witness: Witness, opts: { maxBodyBytes?: number } = {}): Hono {
  const app = new Hono();
  app.post(
    '/add-checkpoint',
    bodyLimit({
      maxSize: opts.maxBodyBytes ?? DEFAULT_WITNESS_MAX_BODY,
      onError: (c) => c.text('request body is too large\n', 413),
    }),
    async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      const r = await witness.addCheckpoint(body);
      return c.body(r.body, r.status, { 'Content-Type': r.contentType });
    },
  );
  app.get('/:originHash/checkpoint', async (c) => {
    const hash = c.req.param('originHash');
    if (!/^[0-9a-f]{64}$/.test(hash)) return c.text('not found\n', 404);
    for (const origin of witness.origins()) {
      if (createHash('sha256').update(origin).digest('hex') !== hash) continue;
      const note = await witness.latest(origin);
      if (note !== undefined) return c.text(note, 200);
    }
    return c.text('not found\n', 404);
  });
  return app;
}
