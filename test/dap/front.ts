// A load balancer for an aggregator fleet in tests and bench/dap: each request goes to the next live
// backend process, and to the one after it when that one is down or fails before its whole answer
// came. The next one is chosen when a request arrives, so requests in flight together (a Leader's
// pipelined jobs) spread too. Plain node:http with keep-alive connections to the backends, so that
// on the bench's shared cores the front costs as little as a balancer on other machines would.
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Front {
  url: string;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Hop-by-hop headers and those the front sets itself. */
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

const kept = (h: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !DROPPED.has(k.toLowerCase())));

function forward(
  agent: Agent,
  port: number,
  o: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: o.method,
        path: o.path,
        headers: { ...kept(o.headers), 'content-length': String(o.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 502,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
        // A backend killed mid-answer: the answer closes before its end (a no-op once resolved).
        res.on('close', () => {
          if (!res.complete) reject(new Error('answer cut'));
        });
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

/** `backends()` lists the ports of the fleet, undefined for a process known to be down. */
export async function startFront(backends: () => (number | undefined)[]): Promise<Front> {
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const o = {
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        const ports = backends();
        const first = next;
        next = (next + 1) % Math.max(1, ports.length);
        for (let i = 0; i < ports.length; i++) {
          const port = ports[(first + i) % ports.length];
          if (port === undefined) continue;
          try {
            const a = await forward(agent, port, o);
            res.writeHead(a.status, { ...kept(a.headers), 'content-length': a.body.length });
            res.end(a.body);
            return;
          } catch {
            // that process is down: the next one answers
          }
        }
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('no backend');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
