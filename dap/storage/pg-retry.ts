// Which PostgreSQL failures a transaction retries (PostgreSQL 15 docs Appendix A, SQLSTATE classes
// 08 connection, 40 transaction rollback, 57P admin shutdown / cannot connect now).
import { DapError } from '../errors.js';

/**
 * The client's own codes for a lost or refused connection, the socket errors beneath them, and the
 * store's own (a statement not sent on a lost connection, a connection not had in time).
 */
const CLIENT_CODES = new Set([
  'storage_connection_lost',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
]);

/** The connection is gone (cut, refused, or the server is shutting it down): send nothing more on it. */
export function connectionLost(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CLIENT_CODES.has(code) || code.startsWith('08') || code.startsWith('57P');
}

export function retryable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (CLIENT_CODES.has(code)) return true;
  return code.startsWith('08') || code === '40001' || code === '40P01' || code.startsWith('57P');
}

export interface RetryPolicy {
  /** Attempts after the first; the waits double from firstMs up to maxMs. */
  retries: number;
  firstMs: number;
  maxMs: number;
}

/** About 20 s in all: long enough for a database restart or a failover to finish. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 12, firstMs: 50, maxMs: 2000 };

/**
 * Runs `f`, again after a retryable failure, `policy.retries` times; `onRetry` counts each retry.
 *
 * @throws {DapError} storage_unavailable once the retries are spent; other failures as they are
 */
export async function withRetry<T>(
  f: () => Promise<T>,
  onRetry: () => void,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await f();
    } catch (e) {
      if (!retryable(e)) throw e;
      if (attempt >= policy.retries)
        throw new DapError('storage_unavailable', `the database did not answer: ${errText(e)}`, {
          cause: e,
          hint: 'check that PostgreSQL is running and reachable at the --store URL',
        });
      onRetry();
      const wait = Math.min(policy.maxMs, policy.firstMs * 2 ** attempt);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

const errText = (e: unknown): string =>
  e instanceof Error ? `${(e as { code?: string }).code ?? ''} ${e.message}`.trim() : String(e);
