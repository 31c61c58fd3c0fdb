// docs/log.md "Slow clients", for every server role: a client may take only so long to
// send its headers and its whole request, and may not stall a request body. Node's own defaults
// (5 minutes per request, checked every 30 s) let one slow-drip client hold a connection and a
// handler for minutes; these are the bounds `mesh serve` applies instead, from the config's `http`.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ConfigError } from '../errors.js';

export interface HttpLimits {
  /** Time to receive the request line and headers. */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included. */
  requestTimeoutMs: number;
  /** Longest pause between two bytes of a request body. */
  bodyIdleTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  bodyIdleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
};

const KEYS = Object.keys(DEFAULT_HTTP_LIMITS) as (keyof HttpLimits)[];
const MAX_MS = 3_600_000;

/**
 * The `http` section of `mesh serve --config`: each key optional, a whole number of milliseconds
 * (1..3600000); headersTimeoutMs may not exceed requestTimeoutMs.
 *
 * @throws {ConfigError} config_invalid naming the bad key
 * @example
 * const limits = readHttpLimits({ http: { requestTimeoutMs: 20000 } });
 */
export function readHttpLimits(config: Record<string, unknown>): HttpLimits {
  const section = config.http;
  if (section === undefined) return { ...DEFAULT_HTTP_LIMITS };
  if (typeof section !== 'object' || section === null || Array.isArray(section))
    throw new ConfigError('config_invalid', '"http" must be an object');
  const out = { ...DEFAULT_HTTP_LIMITS };
  for (const [k, v] of Object.entries(section)) {
    if (!KEYS.includes(k as keyof HttpLimits))
      throw new ConfigError(
        'config_invalid',
        `http.${k} is not a setting`,
        `use one of: ${KEYS.join(', ')}`,
      );
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > MAX_MS)
      throw new ConfigError(
        'config_invalid',
        `http.${k} must be a whole number of milliseconds, 1 to ${MAX_MS}`,
      );
    out[k as keyof HttpLimits] = v;
  }
  if (out.headersTimeoutMs > out.requestTimeoutMs)
    throw new ConfigError(
      'config_invalid',
      'http.headersTimeoutMs may not exceed http.requestTimeoutMs',
    );
  return out;
}

/** Options for http(s).createServer that enforce `l` (checked at least every second). */
export function serverOptionsOf(l: HttpLimits): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: l.headersTimeoutMs,
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(l.headersTimeoutMs / 4))),
  };
}

/**
 * A request whose body stalls for `bodyIdleTimeoutMs` loses its connection (its handler's body read
 * fails, so the handler ends too). Once the body is in, the handler's own time is not limited here.
 *
 * @example
 * guardRequestBodies(server, readHttpLimits(config));
 */
export function guardRequestBodies(server: Server, l: HttpLimits): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    req.setTimeout(l.bodyIdleTimeoutMs, () => {
      if (req.complete) return;
      req.socket.destroy();
    });
    res.once('close', () => {
      req.socket.setTimeout(0);
    });
  });
}
