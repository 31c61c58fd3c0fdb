// One HTTP exchange with a peer under log/'s read limits (log/limits.ts): the body is counted while
// it streams and a failure of size, time or transport becomes a RemoteError with a stable code.
import { BoundedReadError, describeFetchFailure, readBounded } from '../common/index.js';
import { RemoteError } from './errors.js';
import type { LogReadLimits } from './limits.js';

export interface PeerResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

type Limits = Pick<LogReadLimits, 'responseBytes' | 'idleTimeoutMs' | 'totalTimeoutMs'>;

/**
 * `fetch` of `url` reading at most `maxBytes` of a 200 body (`limits.responseBytes` of any other
 * status's body, which callers only show or parse as a small status) within the deadlines.
 *
 * @throws {RemoteError} `body_too_large`, `body_timeout` or `fetch_failed`
 * @example
 * const r = await peerFetch(`${mirror}/log/checkpoint`, {}, 16384, DEFAULT_LOG_READ_LIMITS);
 */
export async function peerFetch(
  url: string,
  init: RequestInit,
  maxBytes: number,
  limits: Limits,
): Promise<PeerResponse> {
  const deadline = Date.now() + limits.totalTimeoutMs;
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(limits.totalTimeoutMs) });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new RemoteError(
      timedOut ? 'body_timeout' : 'fetch_failed',
      `${url}: ${describeFetchFailure(e)}`,
    );
  }
  const cap = res.status === 200 ? maxBytes : limits.responseBytes;
  // this value is attacker-controlled: a declared length only lets us refuse early
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    throw new RemoteError('body_too_large', `${url}: ${declared} bytes exceed ${cap}`);
  }
  try {
    const body = await readBounded(
      res.body,
      {
        maxBytes: cap,
        idleTimeoutMs: limits.idleTimeoutMs,
        totalTimeoutMs: Math.max(1, deadline - Date.now()),
      },
      url,
    );
    return { status: res.status, headers: res.headers, body };
  } catch (e) {
    if (!(e instanceof BoundedReadError)) throw e;
    throw new RemoteError(e.code === 'body_failed' ? 'fetch_failed' : e.code, e.message);
  }
}
