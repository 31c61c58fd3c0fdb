// Reading a peer's bytes with explicit bounds (docs/architecture.md "Rules every room follows"): size counted
// while streaming, an idle and a total deadline, so an endless or slow-drip body fails with a code.
import { MeshError } from './errors.js';
import { describeConnectionFailure } from './http-cause.js';

export type BoundedReadErrorCode = 'body_too_large' | 'body_timeout' | 'body_failed';

/** A peer's body that is too large, too slow, or broke off. The message names the source only. */
export class BoundedReadError extends MeshError<BoundedReadErrorCode> {
  override readonly name = 'BoundedReadError';
}

export interface BoundedReadLimits {
  /** More bytes than this fail with `body_too_large` as soon as they arrive. */
  maxBytes: number;
  /** No chunk for this long fails with `body_timeout` (default 15 s). */
  idleTimeoutMs?: number;
  /** The whole body must arrive within this (default 60 s). */
  totalTimeoutMs?: number;
}

const DEFAULT_IDLE_MS = 15_000;
const DEFAULT_TOTAL_MS = 60_000;

/**
 * Reads an async byte stream (a fetch body, an IncomingMessage, a child's stdout) into one buffer,
 * failing fast on size and time. `what` names the source in errors (a URL, never its secrets).
 *
 * @throws {BoundedReadError} body_too_large, body_timeout, body_failed
 * @example
 * const res = await fetch(url);
 * const bytes = await readBounded(res.body, { maxBytes: 64 * 1024 }, url);
 */
export async function readBounded(
  body: AsyncIterable<Uint8Array> | null | undefined,
  limits: BoundedReadLimits,
  what: string,
): Promise<Uint8Array> {
  if (body === null || body === undefined) return new Uint8Array(0);
  const idleMs = limits.idleTimeoutMs ?? DEFAULT_IDLE_MS;
  const deadline = Date.now() + (limits.totalTimeoutMs ?? DEFAULT_TOTAL_MS);
  const it = body[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const wait = Math.min(idleMs, deadline - Date.now());
      if (wait <= 0)
        throw new BoundedReadError('body_timeout', `${what}: body not complete in time`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new BoundedReadError('body_timeout', `${what}: no bytes for ${wait} ms`));
        }, wait);
      });
      let step: IteratorResult<Uint8Array>;
      try {
        step = await Promise.race([it.next(), timeout]);
      } catch (e) {
        if (e instanceof BoundedReadError) throw e;
        const code = isTimeout(e) ? 'body_timeout' : 'body_failed';
        throw new BoundedReadError(code, `${what}: body broke off`, { cause: e });
      } finally {
        clearTimeout(timer);
      }
      if (step.done === true) break;
      const chunk = step.value;
      received += chunk.length;
      if (received > limits.maxBytes) {
        throw new BoundedReadError('body_too_large', `${what}: more than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    // Not awaited: cancelling a stalled peer's stream may itself wait on that peer.
    it.return?.().catch(() => undefined);
    throw e;
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const out = new Uint8Array(received);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

function isTimeout(e: unknown): boolean {
  return e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
}

export interface BoundedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * `fetch` whose body is read under `limits`; a declared Content-Length over the cap is refused
 * before reading. Network failures are `body_failed` with the real cause kept.
 *
 * @throws {BoundedReadError} body_too_large, body_timeout, body_failed
 * @example
 * const { status, body } = await fetchBounded(`${mirror}/log/checkpoint`, {}, { maxBytes: 16384 });
 */
export async function fetchBounded(
  url: string,
  init: RequestInit,
  limits: BoundedReadLimits,
): Promise<BoundedResponse> {
  const total = limits.totalTimeoutMs ?? DEFAULT_TOTAL_MS;
  const signal =
    init.signal === undefined || init.signal === null
      ? AbortSignal.timeout(total)
      : AbortSignal.any([init.signal, AbortSignal.timeout(total)]);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new BoundedReadError(
      timedOut ? 'body_timeout' : 'body_failed',
      `${url}: ${describeFetchFailure(e)}`,
      {
        cause: e,
      },
    );
  }
  // This value is attacker-controlled: it only lets us refuse early, never trust.
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new BoundedReadError(
      'body_too_large',
      `${url}: ${declared} bytes exceed ${limits.maxBytes}`,
    );
  }
  const body = await readBounded(res.body, limits, url);
  return { status: res.status, headers: res.headers, body };
}

/** The real reason behind undici's "fetch failed": refused, DNS, reset, timeout or certificate. */
export function describeFetchFailure(e: unknown): string {
  return describeConnectionFailure(e).text;
}
