// The hook daemon's wire format (docs/guard.md "Hook start-up"): one length-prefixed JSON frame each way.
// Imports only its coded errors (the error base alone): bin/mesh.js loads it on every hook call.
import { HookDaemonError } from './errors.js';

/** Request frames carry the hook's stdin (at most 16 MiB) plus argv, cwd and a few env values. */
export const MAX_FRAME = 16 * 1024 * 1024 + 1024 * 1024;

export interface HookRequest {
  op: 'hook';
  argv: string[];
  cwd: string;
  /** The environment values the hook reads; null means unset in the caller. */
  env: Record<string, string | null>;
  stdin: string;
}

export interface ControlRequest {
  op: 'status' | 'stop' | 'metrics';
}

export type DaemonRequest = HookRequest | ControlRequest;

export interface HookReply {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * The answer of a hook call that failed closed in the daemon or its client: exit 2 with the reason
 * on stderr, and for Cursor also its deny on stdout (docs/guard.md "Cursor": exit 2 blocks, and the
 * deny says why to the user and the agent).
 * @example failClosedReply(['guard', 'hook', 'cursor'], 'no decision within 20000 ms').exitCode // 2
 */
export function failClosedReply(argv: readonly string[], why: string): HookReply {
  const message = `mesh guard: failed closed: ${why}`;
  const cursor = argv[argv.indexOf('hook') + 1] === 'cursor';
  const stdout = cursor
    ? `${JSON.stringify({ permission: 'deny', user_message: message, agent_message: message })}\n`
    : '';
  return { exitCode: 2, stdout, stderr: `${message}\n` };
}

export function encodeFrame(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  if (body.length > MAX_FRAME)
    throw new HookDaemonError('hook_frame_too_large', `frame of ${body.length} bytes is too large`);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Accumulates bytes and yields whole frames; throws on an oversized or malformed frame. */
export class FrameReader {
  private buf = Buffer.alloc(0);

  push(chunk: Buffer): unknown[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: unknown[] = [];
    for (;;) {
      if (this.buf.length < 4) return out;
      const n = this.buf.readUInt32BE(0);
      if (n > MAX_FRAME)
        throw new HookDaemonError('hook_frame_too_large', `frame of ${n} bytes is too large`);
      if (this.buf.length < 4 + n) return out;
      // This value is attacker-controlled (any local process may write to the socket): parsed only.
      out.push(parseFrame(this.buf.subarray(4, 4 + n)));
      this.buf = this.buf.subarray(4 + n);
    }
  }

  pending(): number {
    return this.buf.length;
  }
}

function parseFrame(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch (e) {
    throw new HookDaemonError('hook_frame_invalid', 'frame is not JSON', { cause: e });
  }
}

const isStr = (v: unknown): v is string => typeof v === 'string';

export function decodeRequest(v: unknown): DaemonRequest {
  if (typeof v !== 'object' || v === null)
    throw new HookDaemonError('hook_request_invalid', 'request must be an object');
  const r = v as Record<string, unknown>;
  if (r.op === 'status' || r.op === 'stop' || r.op === 'metrics') return { op: r.op };
  if (r.op !== 'hook') throw new HookDaemonError('hook_request_invalid', 'unknown op');
  if (!Array.isArray(r.argv) || r.argv.length > 1024 || !r.argv.every(isStr))
    throw new HookDaemonError('hook_request_invalid', 'argv must be a list of strings');
  if (!isStr(r.cwd) || !isStr(r.stdin))
    throw new HookDaemonError('hook_request_invalid', 'cwd and stdin must be strings');
  const env = r.env;
  if (typeof env !== 'object' || env === null || Array.isArray(env))
    throw new HookDaemonError('hook_request_invalid', 'env must be an object');
  const entries = Object.entries(env as Record<string, unknown>);
  if (entries.length > 256 || !entries.every(([, x]) => x === null || isStr(x)))
    throw new HookDaemonError('hook_request_invalid', 'env values must be strings or null');
  return {
    op: 'hook',
    argv: r.argv,
    cwd: r.cwd,
    env: env as Record<string, string | null>,
    stdin: r.stdin,
  };
}

/** A reply that is not exactly this shape is garbage, and the client fails closed on it. */
export function decodeReply(v: unknown): HookReply {
  if (typeof v !== 'object' || v === null)
    throw new HookDaemonError('hook_reply_invalid', 'reply must be an object');
  const r = v as Record<string, unknown>;
  if (
    typeof r.exitCode !== 'number' ||
    !Number.isInteger(r.exitCode) ||
    r.exitCode < 0 ||
    r.exitCode > 255 ||
    !isStr(r.stdout) ||
    !isStr(r.stderr)
  )
    throw new HookDaemonError('hook_reply_invalid', 'malformed reply');
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}
