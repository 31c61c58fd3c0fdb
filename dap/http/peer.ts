// DAP-18 §3 HTTP between participants: one request with bearer auth, Location and Retry-After
// (§3.1), its answer read under a byte cap and idle and total deadlines (peer-limits.ts), so a silent,
// endless or slow-drip peer fails with a code and never hangs or exhausts the caller.
import { BoundedReadError, fetchBounded } from '../../common/index.js';
import { DapError, type DapErrorCode } from '../errors.js';
import { bearer } from '../auth.js';
import { DEFAULT_PEER_LIMITS } from './peer-limits.js';

export interface PeerResponse {
  status: number;
  contentType: string | undefined;
  location: string | undefined;
  retryAfterSeconds: number | undefined;
  body: Uint8Array;
}

export interface PeerRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  token?: string;
  mediaType?: string;
  body?: Uint8Array;
  /** The whole exchange, answer included, must end within this. */
  timeoutMs: number;
  /** The answer's body is refused past this many bytes (counted while streaming). */
  maxBodyBytes: number;
  /** No byte of the answer for this long fails it (default DEFAULT_PEER_LIMITS.idleTimeoutMs). */
  idleTimeoutMs?: number;
}

const CODES: Record<BoundedReadError['code'], DapErrorCode> = {
  body_too_large: 'http_body_too_large',
  body_timeout: 'http_timeout',
  body_failed: 'http_failed',
};

/**
 * One request to a DAP peer.
 *
 * @throws {DapError} `http_body_too_large`, `http_timeout` or `http_failed`
 * @example
 * const res = await peerRequest({ method: 'GET', url, timeoutMs: 30_000, maxBodyBytes: 65536 });
 */
export async function peerRequest(r: PeerRequest): Promise<PeerResponse> {
  const headers: Record<string, string> = {};
  if (r.token !== undefined) headers.authorization = bearer(r.token);
  if (r.mediaType !== undefined) headers['content-type'] = r.mediaType;
  let res;
  try {
    // this value is attacker-controlled
    res = await fetchBounded(
      r.url,
      {
        method: r.method,
        headers,
        ...(r.body === undefined ? {} : { body: r.body }),
        redirect: 'error',
      },
      {
        maxBytes: r.maxBodyBytes,
        idleTimeoutMs: r.idleTimeoutMs ?? DEFAULT_PEER_LIMITS.idleTimeoutMs,
        totalTimeoutMs: r.timeoutMs,
      },
    );
  } catch (e) {
    if (e instanceof BoundedReadError)
      throw new DapError(CODES[e.code], `${r.method} ${r.url}: ${e.message}`, {
        cause: e,
      });
    throw new DapError('http_failed', `${r.method} ${r.url}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const ra = Number(res.headers.get('retry-after') ?? '');
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    location: res.headers.get('location') ?? undefined,
    retryAfterSeconds: Number.isFinite(ra) && ra >= 0 ? ra : undefined,
    body: res.body,
  };
}

/** True for a failure in transit (refused, reset, too slow, too large): the peer may do better. */
export const isTransit = (e: unknown): boolean =>
  e instanceof DapError &&
  (e.code === 'http_failed' || e.code === 'http_timeout' || e.code === 'http_body_too_large');

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
