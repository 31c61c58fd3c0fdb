// RFC 9578 §6.1-6.3 Client side of issuance for one report: fetch the window's certified key, blind the
// token input bound to the report (RFC 9577 §2.1 challenge), have the organisation attest, finalize.
import { randomBytes } from 'node:crypto';
import { fetchBounded } from '../../common/index.js';
import { b64url, fromB64url } from '../encoding.js';
import { DapError } from '../errors.js';
import { PRIVACY_PASS_TOKEN_TYPE } from '../version.js';
import { ATTESTATION_HEADERS, attestationMessage } from './attestation.js';
import { blind, finalize } from './blind-rsa.js';
import { parseIssuerSpki } from './issuer-key.js';
import { windowOf, type TokenPolicy } from './policy.js';
import { redemptionContext, reportChallenge, type ReportToken } from './report-token.js';
import {
  decodeTokenResponse,
  encodeTokenRequest,
  NONCE_SIZE,
  tokenInput,
  type Token,
} from './token.js';
import { verifyWindowKeyCert } from './window-key.js';

export const TOKEN_REQUEST_MEDIA_TYPE = 'application/private-token-request';
export const TOKEN_RESPONSE_MEDIA_TYPE = 'application/private-token-response';

export interface TokenRequester {
  policy: TokenPolicy;
  orgId: string;
  /** Ed25519 signature by the organisation's key. */
  sign(message: Uint8Array): Uint8Array;
  timeoutMs?: number;
}

/** The issuer refused or failed; `status` is its HTTP status (429: this window's token was issued). */
export class IssuerRefusal extends DapError {
  override readonly name = 'IssuerRefusal';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super('http_failed', message);
  }
}

async function get(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetchBounded(url, {}, { maxBytes: 1 << 16, totalTimeoutMs: timeoutMs });
  if (res.status !== 200)
    throw new IssuerRefusal(
      res.status,
      `${url}: ${new TextDecoder().decode(res.body).slice(0, 200)}`,
    );
  // this value is attacker-controlled
  return JSON.parse(new TextDecoder().decode(res.body)) as unknown;
}

/**
 * Obtains the token for one report: bound to this task, report ID and the report's window.
 * @throws IssuerRefusal when the issuer says no (429 once this window's token was issued).
 * @throws DapError protocol_failed when the issuer's key or signature does not check out.
 * @example const t = await fetchReportToken(req, taskId, reportId, time, 60);
 */
export async function fetchReportToken(
  req: TokenRequester,
  taskId: Uint8Array,
  reportId: Uint8Array,
  reportTime: number,
  timePrecision: number,
): Promise<ReportToken> {
  const p = req.policy;
  const timeoutMs = req.timeoutMs ?? 30_000;
  const window = windowOf(p, reportTime, timePrecision);
  const wk = (await get(
    `${p.url}window-key?window_seconds=${p.windowSeconds}&window=${window}`,
    timeoutMs,
  )) as { spki?: unknown; cert?: unknown };
  if (typeof wk.spki !== 'string' || typeof wk.cert !== 'string')
    throw new DapError('protocol_failed', 'issuer window key answer lacks spki/cert');
  const issuerKey = fromB64url(wk.spki);
  const keyCert = fromB64url(wk.cert, 64);
  const key = parseIssuerSpki(issuerKey);
  if (!verifyWindowKeyCert(p.publicKey, p.windowSeconds, window, key.tokenKeyId, keyCert))
    throw new DapError(
      'protocol_failed',
      'the issuer window key is not certified by the task issuer',
    );
  const { digest } = reportChallenge(
    p.name,
    redemptionContext(taskId, reportId, p.windowSeconds, window),
  );
  const partial: Omit<Token, 'authenticator'> = {
    tokenType: PRIVACY_PASS_TOKEN_TYPE,
    nonce: Uint8Array.from(randomBytes(NONCE_SIZE)),
    challengeDigest: digest,
    tokenKeyId: key.tokenKeyId,
  };
  const input = tokenInput(partial);
  const { blindedMsg, inv } = await blind(key, input);
  const tokenRequest = encodeTokenRequest({
    tokenType: PRIVACY_PASS_TOKEN_TYPE,
    truncatedTokenKeyId: key.tokenKeyId[31] ?? 0,
    blindedMsg,
  });
  const ch = (await get(`${p.url}challenge`, timeoutMs)) as { challenge?: unknown };
  if (typeof ch.challenge !== 'string')
    throw new DapError('protocol_failed', 'issuer challenge answer lacks challenge');
  const nonce = fromB64url(ch.challenge, 32);
  const att = { orgId: req.orgId, taskId, windowSeconds: p.windowSeconds, window, nonce };
  const signature = req.sign(attestationMessage(att, tokenRequest));
  const H = ATTESTATION_HEADERS;
  const res = await fetchBounded(
    `${p.url}token-request`,
    {
      method: 'POST',
      headers: {
        'content-type': TOKEN_REQUEST_MEDIA_TYPE,
        accept: TOKEN_RESPONSE_MEDIA_TYPE,
        [H.org]: req.orgId,
        [H.task]: b64url(taskId),
        [H.windowSeconds]: String(p.windowSeconds),
        [H.window]: String(window),
        [H.nonce]: b64url(nonce),
        [H.signature]: b64url(signature),
      },
      body: tokenRequest,
    },
    { maxBytes: 4096, totalTimeoutMs: timeoutMs },
  );
  if (res.status !== 200)
    throw new IssuerRefusal(
      res.status,
      `issuer refused the token request (${res.status}): ${new TextDecoder().decode(res.body).slice(0, 200)}`,
    );
  // this value is attacker-controlled
  const blindSig = decodeTokenResponse(res.body);
  const authenticator = await finalize(key, input, blindSig, inv);
  return { token: { ...partial, authenticator }, issuerKey, keyCert };
}
