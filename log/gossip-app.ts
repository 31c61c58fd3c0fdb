// `GET|POST /gossip/checkpoints` as a hono sub-app (mounted under /gossip by the mirror role):
// GET lists the checkpoints and evidence held; POST takes a tlog-witness style submission, or
// JSON {"evidence": ...}.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Gossip } from './gossip.js';

export const DEFAULT_GOSSIP_MAX_BODY = 256 * 1024;

export function gossipApp(gossip: Gossip, opts: { maxBodyBytes?: number } = {}): Hono {
  const app = new Hono();
  app.get('/checkpoints', async (c) => c.json(await gossip.view()));
  app.post(
    '/checkpoints',
    bodyLimit({
      maxSize: opts.maxBodyBytes ?? DEFAULT_GOSSIP_MAX_BODY,
      onError: (c) => c.json({ status: 'too_large' }, 413),
    }),
    async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      const isJson = c.req.header('content-type')?.startsWith('application/json') === true;
      const r = isJson ? await gossip.submitEvidence(body) : await gossip.submit(body);
      return c.body(r.body, r.status, { 'Content-Type': r.contentType });
    },
  );
  return app;
}
