// The fast path of `mesh guard hook ...` (bin/mesh.js): forwards the call to the hook daemon when one
// listens. Unreachable daemon: null, and the caller runs the hook in process. Once the request is
// sent, anything but a well-formed reply (garbage, a timeout, the daemon dying) fails closed: exit 2.
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { HookDaemonError } from './errors.js';
import {
  decodeReply,
  encodeFrame,
  failClosedReply,
  FrameReader,
  type HookReply,
} from './protocol.js';
import { envNamesOf, hookSocketPath, stateRootOf } from './socket-path.js';

/** The hook's own default deadline (20 s) plus a margin for the queue and the socket. */
const DEFAULT_TIMEOUT_MS = 25_000;

function timeoutOf(argv: readonly string[]): number {
  // Commander keeps the last of a repeated option, and so does this.
  const i = argv.lastIndexOf('--deadline');
  const v = i >= 0 ? Number(argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v + 5_000 : DEFAULT_TIMEOUT_MS;
}

function connectTo(path: string): Promise<Socket | null> {
  return new Promise((done) => {
    const s = connect(path);
    s.once('connect', () => {
      done(s);
    });
    s.once('error', () => {
      s.destroy();
      done(null);
    });
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function exchange(sock: Socket, frame: Buffer, timeoutMs: number): Promise<HookReply> {
  return new Promise((done, fail) => {
    // The daemon may have gone while stdin was being read: its end of the socket is closed already.
    if (sock.destroyed || sock.readyState !== 'open') {
      fail(
        new HookDaemonError(
          'hook_daemon_failed',
          'the hook daemon closed the connection before answering',
        ),
      );
      return;
    }
    const reader = new FrameReader();
    const timer = setTimeout(() => {
      sock.destroy();
      fail(
        new HookDaemonError(
          'hook_daemon_timeout',
          `the hook daemon gave no answer within ${timeoutMs} ms`,
        ),
      );
    }, timeoutMs);
    const finish = (f: () => void): void => {
      clearTimeout(timer);
      sock.destroy();
      f();
    };
    sock.on('data', (chunk: Buffer) => {
      try {
        const frames = reader.push(chunk);
        if (frames.length > 0) {
          const reply = decodeReply(frames[0]);
          finish(() => {
            done(reply);
          });
        }
      } catch (e) {
        finish(() => {
          fail(
            new HookDaemonError(
              'hook_reply_invalid',
              `the hook daemon answered garbage (${(e as Error).message})`,
              {
                cause: e,
              },
            ),
          );
        });
      }
    });
    sock.on('error', (e) => {
      finish(() => {
        fail(
          new HookDaemonError(
            'hook_daemon_failed',
            `the hook daemon connection failed (${e.message})`,
            { cause: e },
          ),
        );
      });
    });
    sock.on('close', () => {
      finish(() => {
        fail(
          new HookDaemonError(
            'hook_daemon_failed',
            'the hook daemon closed the connection before answering',
          ),
        );
      });
    });
    sock.write(frame);
  });
}

/** Runs `mesh <argv>` (a hook call) through the daemon; null when no daemon is reachable. */
export async function runHookViaDaemon(argv: readonly string[]): Promise<number | null> {
  // Installing the hook is not a hook call: it runs in its own process, never in the daemon.
  if (argv.includes('install') || argv.includes('uninstall')) return null;
  const path = hookSocketPath(stateRootOf(argv, process.env));
  if (!existsSync(path)) return null;
  const sock = await connectTo(path);
  if (sock === null) return null;
  let reply: HookReply;
  try {
    const env: Record<string, string | null> = {};
    for (const name of envNamesOf(argv)) env[name] = process.env[name] ?? null;
    const frame = encodeFrame({
      op: 'hook',
      argv,
      cwd: process.cwd(),
      env,
      stdin: await readAll(process.stdin),
    });
    reply = await exchange(sock, frame, timeoutOf(argv));
  } catch (e) {
    sock.destroy();
    reply = failClosedReply(argv, (e as Error).message);
  }
  process.stdout.write(reply.stdout);
  process.stderr.write(reply.stderr);
  return reply.exitCode;
}
