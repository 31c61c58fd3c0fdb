// The Privacy Pass issuer (RFC 9576 §3, RFC 9578 §6) with its attester: `mesh serve --role issuer`
// answers challenges, window keys and token requests; docs/dap.md "Report tokens".
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { privacyPass as pp } from '../../dap/index.js';
import { ed25519Verify } from '../../governance/index.js';
import type { Logger } from '../log/logger.js';
import type { Challenges } from './challenges.js';
import type { IssuanceLedger } from './ledger.js';
import type { MembersSource } from './members-source.js';
import type { WindowKeys } from './window-keys.js';

export interface IssuerDeps {
  publicKey: string;
  keys: WindowKeys;
  ledger: IssuanceLedger;
  challenges: Challenges;
  members: MembersSource;
  log: Logger;
  now?: () => number;
}

const MIN_WINDOW = 60;
const MAX_WINDOW = 31 * 86_400;

function problem(c: Context, status: 400 | 403 | 422 | 429 | 503, code: string, detail: string) {
  return c.json(
    { type: `urn:interlock-mesh:issuer:${code}`, title: code, status, detail },
    status,
    {
      'content-type': 'application/problem+json',
    },
  );
}

/** window_seconds and window from strings; this value is attacker-controlled. */
function parseWindow(ws: string | undefined, w: string | undefined, nowS: number) {
  if (ws === undefined || w === undefined || !/^\d{1,10}$/.test(ws) || !/^\d{1,15}$/.test(w))
    return undefined;
  const windowSeconds = Number(ws);
  const window = Number(w);
  if (windowSeconds < MIN_WINDOW || windowSeconds > MAX_WINDOW) return undefined;
  // Only the window now, the one before (late reports) and the next (clock skew): no saving up.
  const current = Math.floor(nowS / windowSeconds);
  if (window < current - 1 || window > current + 1) return undefined;
  return { windowSeconds, window };
}

export function issuerApp(d: IssuerDeps): Hono {
  const app = new Hono();
  const nowS = () => Math.floor((d.now ?? Date.now)() / 1000);
  app.get('/config', (c) => c.json({ public_key: d.publicKey, token_type: 2 }));
  app.get('/challenge', (c) =>
    c.json({ challenge: Buffer.from(d.challenges.issue()).toString('base64url') }),
  );
  app.get('/window-key', (c) => {
    const w = parseWindow(c.req.query('window_seconds'), c.req.query('window'), nowS());
    if (w === undefined) return problem(c, 400, 'window_invalid', 'window not open for issuance');
    const k = d.keys.get(w.windowSeconds, w.window);
    return c.json({
      spki: Buffer.from(k.spki).toString('base64url'),
      cert: Buffer.from(k.cert).toString('base64url'),
    });
  });
  app.post('/token-request', bodyLimit({ maxSize: 1024 }), async (c) => {
    const H = pp.ATTESTATION_HEADERS;
    const h = (n: string) => c.req.header(n);
    const w = parseWindow(h(H.windowSeconds), h(H.window), nowS());
    if (w === undefined) return problem(c, 400, 'window_invalid', 'window not open for issuance');
    const orgId = h(H.org) ?? '';
    const b64 = (s: string | undefined, n: number) => {
      const b = Buffer.from(s ?? '', 'base64url');
      return b.length === n && b.toString('base64url') === s ? Uint8Array.from(b) : undefined;
    };
    const taskId = b64(h(H.task), 32);
    const nonce = b64(h(H.nonce), 32);
    const sig = b64(h(H.signature), 64);
    if (!/^[0-9a-f]{32}$/.test(orgId) || !taskId || !nonce || !sig)
      return problem(c, 400, 'attestation_invalid', 'attestation headers missing or malformed');
    const body = new Uint8Array(await c.req.arrayBuffer());
    let req;
    try {
      // this value is attacker-controlled
      req = pp.decodeTokenRequest(body);
    } catch {
      return problem(c, 422, 'token_request_invalid', 'not a TokenRequest of type 0x0002');
    }
    const key = d.keys.get(w.windowSeconds, w.window);
    if (req.truncatedTokenKeyId !== pp.tokenKeyIdOf(key.spki)[31])
      return problem(c, 422, 'token_request_invalid', "not this window's key");
    if (!d.challenges.take(nonce))
      return problem(c, 403, 'challenge_invalid', 'challenge unknown, used or expired');
    const member = d.members.lookup(orgId);
    if (member === 'stale' || member === 'unverified')
      return problem(
        c,
        503,
        `members_${member}`,
        member === 'stale'
          ? 'the member lists could not be verified recently enough; no tokens until they are'
          : 'the member lists have not been verified yet; no tokens until they are',
      );
    if (member === 'revoked' || member === 'unknown')
      return problem(c, 403, `member_${member}`, `organisation ${orgId} is ${member}`);
    const message = pp.attestationMessage({ orgId, taskId, ...w, nonce }, body);
    if (!ed25519Verify(member.public_key, message, Buffer.from(sig).toString('hex')))
      return problem(c, 403, 'attestation_invalid', 'signature does not verify');
    const task = Buffer.from(taskId).toString('base64url');
    if (!(await d.ledger.claim(orgId, task, w.windowSeconds, w.window)))
      return problem(c, 429, 'token_issued', 'this window already has its token');
    const blindSig = pp.blindSign(key.privateKey, req.blindedMsg);
    d.log.info('token issued', { org: orgId, window: w.window });
    return c.body(new Uint8Array(pp.encodeTokenResponse(blindSig)), 200, {
      'content-type': pp.TOKEN_RESPONSE_MEDIA_TYPE,
    });
  });
  return app;
}
