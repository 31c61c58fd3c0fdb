// `status`, `metrics` and `stop` requests to a running hook daemon (null when none answers on the
// socket).
import { connect } from 'node:net';
import { encodeFrame, FrameReader } from './protocol.js';

export function askDaemon(
  path: string,
  op: 'status' | 'stop' | 'metrics',
  timeoutMs = 5_000,
): Promise<unknown> {
  return new Promise((done) => {
    const sock = connect(path);
    const reader = new FrameReader();
    const timer = setTimeout(() => {
      sock.destroy();
      done(null);
    }, timeoutMs);
    const finish = (v: unknown): void => {
      clearTimeout(timer);
      sock.destroy();
      done(v);
    };
    sock.once('connect', () => sock.write(encodeFrame({ op })));
    sock.on('data', (chunk: Buffer) => {
      try {
        const frames = reader.push(chunk);
        if (frames.length > 0) finish(frames[0]);
      } catch {
        finish(null);
      }
    });
    sock.once('error', () => {
      finish(null);
    });
    sock.once('close', () => {
      finish(null);
    });
  });
}
