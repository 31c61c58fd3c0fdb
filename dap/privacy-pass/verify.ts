// RFC 9578 §6.5 token verification as each aggregator runs it on a report (docs/dap.md "Report tokens").
import { createHash, type KeyObject } from 'node:crypto';
import { bytesEqual } from '../../common/index.js';
import { hex } from '../encoding.js';
import { DapError } from '../errors.js';
import type { ReportMetadata } from '../messages/index.js';
import { parseIssuerSpki } from './issuer-key.js';
import { verifyAuthenticator } from './blind-rsa.js';
import { windowOf, type TokenPolicy } from './policy.js';
import {
  decodeReportToken,
  redemptionContext,
  reportChallenge,
  REPORT_TOKEN_EXTENSION,
} from './report-token.js';
import { tokenInput } from './token.js';
import { verifyWindowKeyCert } from './window-key.js';

/** Why a report's token was refused: stable codes, in docs/dap.md. */
export type TokenRefusal =
  | 'token_missing'
  | 'token_malformed'
  | 'token_key_uncertified'
  | 'token_wrong_report'
  | 'token_invalid'
  | 'token_spent'
  | 'token_key_inconsistent'
  | 'token_window_pruned';

export type TokenCheck =
  { ok: true; spentId: string; window: number; keyId: string } | { ok: false; code: TokenRefusal };

/** A refused token, for callers that throw. */
export class TokenError extends DapError {
  override readonly name = 'TokenError';
  constructor(
    readonly refusal: TokenRefusal,
    message: string,
  ) {
    super('protocol_failed', message);
  }
}

const MAX_CACHED_KEYS = 256;

/** Window keys already parsed and certified, so one RSA key object serves a whole window. */
export class WindowKeyCache {
  private readonly keys = new Map<string, KeyObject | null>();
  get(policy: TokenPolicy, window: number, spki: Uint8Array, cert: Uint8Array): KeyObject | null {
    const id = `${window}/${hex(spki)}/${hex(cert)}`;
    const hit = this.keys.get(id);
    if (hit !== undefined) return hit;
    let key: KeyObject | null = null;
    try {
      const parsed = parseIssuerSpki(spki);
      if (
        verifyWindowKeyCert(policy.publicKey, policy.windowSeconds, window, parsed.tokenKeyId, cert)
      )
        key = parsed.key;
    } catch {
      key = null;
    }
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
    this.keys.set(id, key);
    return key;
  }
}

/**
 * Checks the token a report carries: present once, well-formed, signed by the window's certified
 * key, and bound to this task, this report ID and this report's window. Pure CPU; whether the token
 * was spent already is the caller's store lookup (spent.ts).
 * @example const c = checkReportToken(policy, cache, task.id, 60, report.metadata); if (!c.ok) refuse(c.code);
 */
export function checkReportToken(
  policy: TokenPolicy,
  cache: WindowKeyCache,
  taskId: Uint8Array,
  timePrecision: number,
  md: ReportMetadata,
): TokenCheck {
  const exts = md.publicExtensions.filter((e) => e.type === REPORT_TOKEN_EXTENSION);
  if (exts.length === 0) return { ok: false, code: 'token_missing' };
  const ext = exts[0];
  if (exts.length > 1 || ext === undefined) return { ok: false, code: 'token_malformed' };
  let rt;
  try {
    // this value is attacker-controlled
    rt = decodeReportToken(ext.data);
  } catch {
    return { ok: false, code: 'token_malformed' };
  }
  const window = windowOf(policy, md.time, timePrecision);
  const key = cache.get(policy, window, rt.issuerKey, rt.keyCert);
  if (key === null) return { ok: false, code: 'token_key_uncertified' };
  const keyId = createHash('sha256').update(rt.issuerKey).digest();
  if (!bytesEqual(keyId, rt.token.tokenKeyId)) return { ok: false, code: 'token_key_uncertified' };
  const ctx = redemptionContext(taskId, md.reportId, policy.windowSeconds, window);
  const { digest } = reportChallenge(policy.name, ctx);
  if (!bytesEqual(digest, rt.token.challengeDigest))
    return { ok: false, code: 'token_wrong_report' };
  const input = tokenInput(rt.token);
  if (!verifyAuthenticator(key, input, rt.token.authenticator))
    return { ok: false, code: 'token_invalid' };
  return {
    ok: true,
    spentId: createHash('sha256').update(input).digest('hex'),
    window,
    keyId: keyId.toString('hex'),
  };
}

const caches = new WeakMap<TokenPolicy, WindowKeyCache>();

/** The window-key cache of one task's policy. */
export function cacheFor(policy: TokenPolicy): WindowKeyCache {
  let c = caches.get(policy);
  if (c === undefined) {
    c = new WindowKeyCache();
    caches.set(policy, c);
  }
  return c;
}
