// DAP-18 §3 HTTP between participants: one request with bearer auth, bounded body, Location and
// Retry-After (§3.1), and a timeout so a silent peer never hangs the caller.
import { DapError } from '../errors.js';
import { bearer } from '../auth.js';

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
  timeoutMs: number;
  maxBodyBytes: number;
}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  const len = Number(res.headers.get('content-length') ?? '0');
  if (len > max) throw new DapError('http_failed', `response larger than ${max} bytes`);
  if (!res.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += c.length;
    if (total > max) throw new DapError('http_failed', `response larger than ${max} bytes`);
    chunks.push(c);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export async function peerRequest(r: PeerRequest): Promise<PeerResponse> {
  const headers: Record<string, string> = {};
  if (r.token !== undefined) headers.authorization = bearer(r.token);
  if (r.mediaType !== undefined) headers['content-type'] = r.mediaType;
  let res: Response;
  try {
    res = await fetch(r.url, {
      method: r.method,
      headers,
      ...(r.body === undefined ? {} : { body: r.body }),
      signal: AbortSignal.timeout(r.timeoutMs),
      redirect: 'error',
    });
  } catch (e) {
    throw new DapError('http_failed', `${r.method} ${r.url}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  // this value is attacker-controlled
  const body = await readCapped(res, r.maxBodyBytes);
  const ra = Number(res.headers.get('retry-after') ?? '');
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    location: res.headers.get('location') ?? undefined,
    retryAfterSeconds: Number.isFinite(ra) && ra >= 0 ? ra : undefined,
    body,
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
