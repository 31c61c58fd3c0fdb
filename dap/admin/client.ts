// The CLI side of the admin channel: one request per connection, the answer frame read with bounds.
import { connect } from 'node:net';
import { KeyAdminError } from '../errors.js';
import { encodeFrame, FrameReader } from './frame.js';
import {
  decodeAdminAnswer,
  encodeAdminRequest,
  MAX_ANSWER_BYTES,
  MAX_REQUEST_BYTES,
  type AdminAnswer,
  type AdminRequest,
} from './messages.js';

const TIMEOUT_MS = 15_000;

const lost = (path: string, why: string) =>
  new KeyAdminError(
    'admin_unavailable',
    `the server's admin socket ${path} ${why}`,
    'the change may or may not be applied: run `mesh dap keys list` to see the key set',
  );

/** Whether a server listens at `path` (a socket left by a killed server refuses connections). */
export function adminListening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => {
      resolve(false);
    });
  });
}

export function adminCall(path: string, req: AdminRequest): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const s = connect({ path, allowHalfOpen: true });
    const reader = new FrameReader(MAX_ANSWER_BYTES);
    let payload: Uint8Array | undefined;
    let settled = false;
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      s.destroy();
      f();
    };
    s.setTimeout(TIMEOUT_MS, () => {
      finish(() => {
        reject(lost(path, `did not answer within ${TIMEOUT_MS} ms`));
      });
    });
    s.once('connect', () => {
      s.end(encodeFrame(encodeAdminRequest(req), MAX_REQUEST_BYTES));
    });
    s.on('data', (chunk: Buffer) => {
      try {
        payload = reader.push(chunk) ?? payload;
      } catch (e) {
        finish(() => {
          reject(lost(path, `sent a bad answer (${(e as Error).message})`));
        });
      }
    });
    s.once('end', () => {
      finish(() => {
        try {
          reader.end();
          // this value is attacker-controlled only if the socket was not our server's
          resolve(decodeAdminAnswer(payload ?? new Uint8Array(0)));
        } catch {
          reject(lost(path, 'closed before answering'));
        }
      });
    });
    s.once('error', (e) => {
      finish(() => {
        reject(lost(path, `failed (${e.message})`));
      });
    });
  });
}
