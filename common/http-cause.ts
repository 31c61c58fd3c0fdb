// The real reason behind a failed connection (undici's "fetch failed", a node:https error): refused,
// DNS, timeout, reset or an untrusted certificate, in words and with what to do next.
export type ConnectionFailure = 'certificate' | 'refused' | 'dns' | 'timeout' | 'reset' | 'other';

const CERT = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|UNABLE_TO_GET_ISSUER/;
const KINDS: Record<string, ConnectionFailure> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  ECONNRESET: 'reset',
  UND_ERR_SOCKET: 'reset',
  EPIPE: 'reset',
};
const WORDS: Record<ConnectionFailure, string> = {
  certificate: 'TLS certificate not trusted',
  refused: 'connection refused (nothing listens there)',
  dns: 'host name not found (DNS)',
  timeout: 'timed out',
  reset: 'connection reset by the peer',
  other: 'connection failed',
};

/** The deepest `code` in an error's cause chain, with its message. */
function rootCode(e: unknown): { code?: string; message: string } {
  let cur: unknown = e;
  let found: { code?: string; message: string } = { message: String(e) };
  for (let depth = 0; cur instanceof Error && depth < 8; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') found = { code, message: cur.message };
    else if (found.code === undefined) found = { message: cur.message };
    cur = cur.cause;
  }
  return found;
}

/**
 * What kind of failure `e` is, and a one-line description naming it.
 * @example describeConnectionFailure(err).text // "TLS certificate not trusted (SELF_SIGNED_CERT_IN_CHAIN: ...); ..."
 */
export function describeConnectionFailure(e: unknown): { kind: ConnectionFailure; text: string } {
  const { code, message } = rootCode(e);
  const name = e instanceof Error ? e.name : '';
  const kind: ConnectionFailure =
    code !== undefined && CERT.test(code)
      ? 'certificate'
      : code !== undefined
        ? (KINDS[code] ?? 'other')
        : name === 'TimeoutError' || name === 'AbortError'
          ? 'timeout'
          : 'other';
  const detail = code === undefined ? message : `${code}: ${message}`;
  const next =
    kind === 'certificate'
      ? '; trust its CA with --ca FILE (a PEM file of the CA certificate)'
      : '';
  return { kind, text: `${WORDS[kind]} (${detail})${next}` };
}
