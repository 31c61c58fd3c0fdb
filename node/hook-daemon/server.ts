// The per-user hook daemon: a unix socket (0600, in the 0700 state directory) answering hook calls
// one at a time with the in-process handler, keeping modules, the grammar and compiled packs warm.
import { NodeError } from '../errors.js';
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { handleHookRequest, type Handled } from './handle.js';
import { HookDaemonMetrics } from './metrics.js';
import { createPartsCache } from './parts-cache.js';
import { decodeRequest, encodeFrame, FrameReader, type DaemonRequest } from './protocol.js';
import { hookSocketPath } from './socket-path.js';

export interface DaemonStatus {
  running: true;
  pid: number;
  socket: string;
  stateRoot: string;
  served: number;
  cachedGuards: number;
  startedAt: string;
}

export interface HookDaemon {
  socket: string;
  /** Resolves when the daemon has stopped (a `stop` request or `close()`). */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** True when something answers on `path`: a live daemon, not a stale socket file. */
export function socketLive(path: string): Promise<boolean> {
  return new Promise((done) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => {
      done(false);
    });
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((done, fail) => {
    // The socket is created 0600 (no window where another user could connect).
    const umask = process.umask(0o177);
    server.once('error', (e) => {
      process.umask(umask);
      fail(e);
    });
    server.listen(path, () => {
      process.umask(umask);
      done();
    });
  });
}

export async function startHookDaemon(stateRoot: string): Promise<HookDaemon> {
  const path = hookSocketPath(stateRoot);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (existsSync(path)) {
    if (await socketLive(path))
      throw new NodeError('io_failed', `a hook daemon already listens on ${path}`);
    unlinkSync(path);
  }
  const cache = createPartsCache();
  const startedAt = new Date().toISOString();
  let served = 0;
  const metrics = new HookDaemonMetrics();
  let queue: Promise<unknown> = Promise.resolve();
  let stopping: (() => void) | undefined;
  const closed = new Promise<void>((done) => (stopping = done));

  const answer = async (
    req: DaemonRequest,
  ): Promise<{ reply: unknown; settled: Promise<void> } | Handled> => {
    if (req.op === 'status') {
      const s: DaemonStatus = {
        running: true,
        pid: process.pid,
        socket: path,
        stateRoot,
        served,
        cachedGuards: cache.size(),
        startedAt,
      };
      return { reply: s, settled: Promise.resolve() };
    }
    if (req.op === 'metrics')
      return {
        reply: {
          text: await metrics.registry.metrics(),
          metrics: await metrics.registry.getMetricsAsJSON(),
        },
        settled: Promise.resolve(),
      };
    if (req.op !== 'hook') return { reply: { stopping: true }, settled: Promise.resolve() };
    served++;
    return handleHookRequest(req, stateRoot, cache);
  };

  const onConnection = (sock: Socket): void => {
    const reader = new FrameReader();
    let taken = false;
    sock.on('error', () => sock.destroy());
    sock.on('data', (chunk: Buffer) => {
      if (taken) return;
      let req: DaemonRequest;
      try {
        const frames = reader.push(chunk);
        if (frames.length === 0) return;
        taken = true;
        req = decodeRequest(frames[0]);
      } catch {
        // A malformed request gets no answer: the connection is closed (the client fails closed).
        sock.destroy();
        return;
      }
      // Status and metrics are answered at once (a queue-depth reading must not wait in the queue).
      if (req.op === 'status' || req.op === 'metrics') {
        void answer(req).then(
          (h) => sock.end(encodeFrame(h.reply)),
          () => sock.destroy(),
        );
        return;
      }
      const done = req.op === 'hook' ? metrics.started(req.argv) : () => undefined;
      // One call at a time: calls swap the process's cwd and environment while they run.
      const run = queue.then(() => answer(req));
      queue = run.then((h) => h.settled).catch(() => undefined);
      void run.then(
        (h) => {
          done(h.reply as Handled['reply']);
          sock.end(encodeFrame(h.reply));
          if (req.op === 'stop') void close();
        },
        () => {
          done(null);
          sock.destroy();
        },
      );
    });
  };

  const server = createServer(onConnection);
  await listen(server, path);
  const close = async (): Promise<void> => {
    await new Promise<void>((done) => {
      server.close(() => {
        done();
      });
    });
    cache.close();
    stopping?.();
  };
  return { socket: path, closed, close };
}
