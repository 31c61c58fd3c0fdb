// A load balancer for an aggregator fleet in tests and bench/dap: each request goes to the next live
// backend process, and to the one after it when that one is down. The next one is chosen when a
// request arrives, so requests in flight together (a Leader's pipelined jobs) spread too.
import { listen, type Listening } from './support.js';

/** `backends()` lists the ports of the fleet, undefined for a process known to be down. */
export async function startFront(backends: () => (number | undefined)[]): Promise<Listening> {
  const f = await listen();
  let next = 0;
  f.app.all('*', async (c) => {
    const u = new URL(c.req.url);
    const body = ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer();
    const ports = backends();
    const first = next;
    next = (next + 1) % Math.max(1, ports.length);
    for (let i = 0; i < ports.length; i++) {
      const port = ports[(first + i) % ports.length];
      if (port === undefined) continue;
      try {
        const res = await fetch(`http://127.0.0.1:${String(port)}${u.pathname}${u.search}`, {
          method: c.req.method,
          headers: c.req.raw.headers,
          ...(body ? { body } : {}),
        });
        const out = [204, 304].includes(res.status) ? null : await res.arrayBuffer();
        return new Response(out, { status: res.status, headers: res.headers });
      } catch {
        // that process is down: the next one answers
      }
    }
    return c.text('no backend', 502);
  });
  return f;
}
