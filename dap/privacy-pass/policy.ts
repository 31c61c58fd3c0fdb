// The token policy a task file pins (docs/dap.md "Report tokens"): which issuer, its key, the window.
import { TaskError } from '../errors.js';

export interface TokenPolicy {
  /** The issuer's base URL, e.g. http://127.0.0.1:9000/issuer/ */
  url: string;
  /** TokenChallenge.issuer_name (RFC 9577 §2.1): the issuer URL's host. */
  name: string;
  /** The issuer's Ed25519 public key (32 bytes), which certifies each window's Blind RSA key. */
  publicKey: Uint8Array;
  /** One token per organisation per window of this many seconds. */
  windowSeconds: number;
}

/** The `issuer` field of a task file, as JSON. */
export interface TokenPolicyJson {
  url: string;
  public_key: string;
  window_seconds: number;
}

/**
 * Parses a task file's `issuer` field; a task file is trusted input from its owner, but it is still
 * checked field by field.
 * @throws TaskError task_invalid on any malformed field.
 * @example parseTokenPolicy({ url: 'https://issuer.example/issuer/', public_key: '..', window_seconds: 3600 }, 60)
 */
export function parseTokenPolicy(v: unknown, timePrecision: number): TokenPolicy {
  const bad = (why: string) => new TaskError('task_invalid', `issuer: ${why}`);
  if (typeof v !== 'object' || v === null) throw bad('must be an object');
  const o = v as Record<string, unknown>;
  if (typeof o.url !== 'string') throw bad('url missing');
  let url: URL;
  try {
    url = new URL(o.url);
  } catch {
    throw bad('url is not a URL');
  }
  if (!url.href.endsWith('/')) throw bad('url must end with /');
  if (typeof o.public_key !== 'string' || !/^[0-9a-f]{64}$/.test(o.public_key))
    throw bad('public_key must be 32 bytes of lowercase hex');
  const ws = o.window_seconds;
  if (typeof ws !== 'number' || !Number.isSafeInteger(ws) || ws < 1 || ws > 0xffffffff)
    throw bad('window_seconds must be a positive integer');
  if (ws % timePrecision !== 0) throw bad('window_seconds must be a multiple of time_precision');
  return {
    url: url.href,
    name: url.host,
    publicKey: Uint8Array.from(Buffer.from(o.public_key, 'hex')),
    windowSeconds: ws,
  };
}

export const tokenPolicyJson = (p: TokenPolicy): TokenPolicyJson => ({
  url: p.url,
  public_key: Buffer.from(p.publicKey).toString('hex'),
  window_seconds: p.windowSeconds,
});

/** The window a report falls in: its time (in time_precision units) in seconds, over the window. */
export const windowOf = (p: TokenPolicy, reportTime: number, timePrecision: number): number =>
  Math.floor((reportTime * timePrecision) / p.windowSeconds);
