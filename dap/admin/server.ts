// The aggregator's local admin channel: a unix socket owned by the running server. A connection
// carries one request frame, half-closes, and gets one answer frame; nothing is applied until the
// whole request arrived and decoded, so a hostile, oversized or trailing frame changes nothing.
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { DapError, KeyAdminError } from '../errors.js';
import { encodeFrame, FrameReader } from './frame.js';
import {
  ADMIN_ERROR_CODES,
  decodeAdminRequest,
  encodeAdminAnswer,
  MAX_ANSWER_BYTES,
  MAX_REQUEST_BYTES,
  type AdminAnswer,
  type AdminErrorCode,
  type AdminRequest,
} from './messages.js';
import { prepareAdminSocket } from './socket-path.js';

const IDLE_MS = 5_000;
const MAX_CONNECTIONS = 8;
const MAX_MESSAGE = 1000;

export type AdminHandler = (r: AdminRequest) => Promise<AdminAnswer>;

export interface AdminServer {
  path: string;
  close(): Promise<void>;
}

function errorAnswer(e: unknown, onError: (e: unknown) => void): AdminAnswer {
  if (e instanceof DapError && (ADMIN_ERROR_CODES as readonly string[]).includes(e.code)) {
    const hint = e instanceof KeyAdminError ? e.hint : undefined;
    return {
      ok: false,
      code: e.code as AdminErrorCode,
      message: e.message.slice(0, MAX_MESSAGE),
      ...(hint ? { hint: hint.slice(0, MAX_MESSAGE) } : {}),
    };
  }
  onError(e);
  return { ok: false, code: 'storage_failed', message: 'internal error; see the server log' };
}

function serve(sock: Socket, handle: AdminHandler, onError: (e: unknown) => void): void {
  const reader = new FrameReader(MAX_REQUEST_BYTES);
  let answered = false;
  const answer = (a: AdminAnswer) => {
    if (answered) return;
    answered = true;
    // Closed once the answer is flushed, so a peer that keeps sending cannot hold a connection.
    sock.end(encodeFrame(encodeAdminAnswer(a), MAX_ANSWER_BYTES), () => sock.destroy());
  };
  const fail = (e: unknown) => {
    answer(errorAnswer(e, onError));
  };
  sock.setTimeout(IDLE_MS, () => sock.destroy());
  sock.on('error', () => sock.destroy());
  let payload: Uint8Array | undefined;
  sock.on('data', (chunk: Buffer) => {
    if (answered) return;
    try {
      payload = reader.push(chunk) ?? payload;
    } catch (e) {
      fail(e);
    }
  });
  sock.on('end', () => {
    if (answered) return;
    try {
      reader.end();
      const req = decodeAdminRequest(payload ?? new Uint8Array(0));
      handle(req).then(answer, fail);
    } catch (e) {
      fail(e);
    }
  });
}

export async function startAdminServer(
  roleDir: string,
  handle: AdminHandler,
  onError: (e: unknown) => void,
): Promise<AdminServer> {
  const path = prepareAdminSocket(roleDir);
  const server = createServer({ allowHalfOpen: true }, (sock) => {
    serve(sock, handle, onError);
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.on('error', onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}
