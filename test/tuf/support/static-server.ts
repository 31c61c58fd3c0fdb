// A real HTTP server on 127.0.0.1 serving a repository directory, with per-path overrides that let
// tests play a malicious mirror (swap bytes, stream forever, answer 404).
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

export type Override = Uint8Array | { status: number } | 'endless';

export interface StaticServer {
  url: string;
  requests: string[];
  overrides: Map<string, Override>;
  close(): Promise<void>;
}

export async function serveDirectory(dir: string): Promise<StaticServer> {
  const requests: string[] = [];
  const overrides = new Map<string, Override>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const o = overrides.get(path);
    if (o === 'endless') {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (res.write(chunk)) {
          if (res.destroyed) return;
        }
        res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    if (o !== undefined && 'status' in o) {
      res.writeHead(o.status).end();
      return;
    }
    if (o !== undefined) {
      res.writeHead(200).end(Buffer.from(o));
      return;
    }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    // Read in the handler, as a static server answering from the page cache would: no thread-pool
    // round trips that the client under test (or the bench) would wait for.
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    overrides,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => {
          r();
        });
      }),
  };
}
