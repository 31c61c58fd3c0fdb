// RFC 9578 §6 issuance as the client runs it (dap/privacy-pass/client.ts) against an issuer on
// 127.0.0.1 built from the protocol's window-key certificates and Blind RSA signing, then RFC 9578 §6.5
// verification (verify.ts) of the token it returns: every refusal code, and every issuer answer the
// client must refuse (an error status, a missing field, an uncertified key, a garbage response).
import { generateKeyPairSync, randomBytes, sign as edSign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pp from '../../dap/privacy-pass/index.js';
import type { ReportMetadata } from '../../dap/messages/index.js';
import { listen, type Listening } from './support.js';

type Mode =
  | 'honest'
  | 'window-key-refused'
  | 'window-key-incomplete'
  | 'window-key-foreign'
  | 'challenge-incomplete'
  | 'token-issued'
  | 'token-garbage';

const TP = 60;
const WS = 3600;
const issuer = generateKeyPairSync('ed25519');
const foreign = generateKeyPairSync('ed25519');
const rawPublic = (k: typeof issuer) =>
  Uint8Array.from(Buffer.from(k.publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'));
const signer = (k: typeof issuer) => (m: Uint8Array) =>
  edSign(null, m, k.privateKey).toString('hex');

/** One Blind RSA key per window, certified by `sign` (docs/dap.md "Report tokens"), kept in memory. */
function windowKeys(sign: (m: Uint8Array) => string) {
  const made = new Map<string, { privateKey: KeyObject; spki: Uint8Array; cert: Uint8Array }>();
  return {
    get(ws: number, w: number) {
      const id = `${ws}-${w}`;
      const hit = made.get(id);
      if (hit) return hit;
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const spki = pp.encodeIssuerSpki(
        Buffer.from(privateKey.export({ format: 'jwk' }).n ?? '', 'base64url'),
      );
      const message = pp.windowKeyCertMessage(ws, w, pp.tokenKeyIdOf(spki));
      const key = { privateKey, spki, cert: Uint8Array.from(Buffer.from(sign(message), 'hex')) };
      made.set(id, key);
      return key;
    },
  };
}

let mode: Mode = 'honest';
let server: Listening;
let policy: pp.TokenPolicy;
const taskId = Uint8Array.from(randomBytes(32));
const time = Math.floor(Date.now() / 1000 / TP);

beforeAll(async () => {
  server = await listen();
  const keys = windowKeys(signer(issuer));
  const foreignKeys = windowKeys(signer(foreign));
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  server.app.get('/issuer/window-key', (c) => {
    const ws = Number(c.req.query('window_seconds'));
    const w = Number(c.req.query('window'));
    if (mode === 'window-key-refused') return c.text('window not open', 400);
    if (mode === 'window-key-incomplete') return c.json({ spki: b64(keys.get(ws, w).spki) });
    const k = (mode === 'window-key-foreign' ? foreignKeys : keys).get(ws, w);
    return c.json({ spki: b64(k.spki), cert: b64(k.cert) });
  });
  server.app.get('/issuer/challenge', (c) =>
    mode === 'challenge-incomplete'
      ? c.json({ nonce: 'x' })
      : c.json({ challenge: b64(Uint8Array.from(randomBytes(32))) }),
  );
  server.app.post('/issuer/token-request', async (c) => {
    if (mode === 'token-issued') return c.text('this window already has its token', 429);
    if (mode === 'token-garbage') return c.body(new Uint8Array(7), 200);
    const req = pp.decodeTokenRequest(new Uint8Array(await c.req.arrayBuffer()));
    const ws = Number(c.req.header(pp.ATTESTATION_HEADERS.windowSeconds));
    const w = Number(c.req.header(pp.ATTESTATION_HEADERS.window));
    const sig = pp.blindSign(keys.get(ws, w).privateKey, req.blindedMsg);
    return c.body(new Uint8Array(pp.encodeTokenResponse(sig)), 200);
  });
  policy = pp.parseTokenPolicy(
    {
      url: `${server.url}/issuer/`,
      public_key: Buffer.from(rawPublic(issuer)).toString('hex'),
      window_seconds: WS,
    },
    TP,
  );
});

afterAll(async () => {
  await server.close();
});

const requester = (): pp.TokenRequester => ({
  policy,
  orgId: 'ab'.repeat(16),
  sign: (m) => Uint8Array.from(edSign(null, m, issuer.privateKey)),
  timeoutMs: 20_000,
});

const metadata = (reportId: Uint8Array, data: Uint8Array[], at = time): ReportMetadata => ({
  reportId,
  time: at,
  publicExtensions: data.map((d) => ({ type: pp.REPORT_TOKEN_EXTENSION, data: d })),
});

async function issued(): Promise<{ reportId: Uint8Array; token: pp.ReportToken }> {
  mode = 'honest';
  const reportId = Uint8Array.from(randomBytes(16));
  return { reportId, token: await pp.fetchReportToken(requester(), taskId, reportId, time, TP) };
}

const check = (md: ReportMetadata, cache = new pp.WindowKeyCache()) =>
  checkCode(pp.checkReportToken(policy, cache, taskId, TP, md));
const checkCode = (c: pp.TokenCheck) => (c.ok ? 'ok' : c.code);

describe('fetchReportToken against an issuer on 127.0.0.1', () => {
  it('returns a token both aggregators accept for this task, report and window', async () => {
    const { reportId, token } = await issued();
    const c = pp.checkReportToken(
      policy,
      pp.cacheFor(policy),
      taskId,
      TP,
      metadata(reportId, [pp.encodeReportToken(token)]),
    );
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.window).toBe(pp.windowOf(policy, time, TP));
    expect(c.keyId).toBe(Buffer.from(pp.tokenKeyIdOf(token.issuerKey)).toString('hex'));
    expect(c.spentId).toMatch(/^[0-9a-f]{64}$/);
    expect(pp.cacheFor(policy)).toBe(pp.cacheFor(policy));
  });

  const refusals: [Mode, string, number | undefined][] = [
    ['window-key-refused', 'window not open', 400],
    ['window-key-incomplete', 'lacks spki/cert', undefined],
    ['window-key-foreign', 'not certified by the task issuer', undefined],
    ['challenge-incomplete', 'lacks challenge', undefined],
    ['token-issued', 'already has its token', 429],
  ];
  for (const [m, message, status] of refusals) {
    it(`refuses an issuer that answers ${m}`, async () => {
      mode = m;
      const e = await pp
        .fetchReportToken(requester(), taskId, randomBytes(16), time, TP)
        .catch((x: unknown) => x);
      expect((e as Error).message).toContain(message);
      if (status === undefined) {
        expect(e).not.toBeInstanceOf(pp.IssuerRefusal);
        expect((e as pp.IssuerRefusal).code).toBe('protocol_failed');
      } else {
        expect(e).toBeInstanceOf(pp.IssuerRefusal);
        expect((e as pp.IssuerRefusal).status).toBe(status);
        expect((e as pp.IssuerRefusal).code).toBe('http_failed');
      }
    });
  }

  it('refuses a token response that is not one', async () => {
    mode = 'token-garbage';
    await expect(
      pp.fetchReportToken(requester(), taskId, randomBytes(16), time, TP),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^decode_/) as unknown });
  });
});

describe('checkReportToken: each refusal code', () => {
  it('token_missing and token_malformed', async () => {
    const { reportId, token } = await issued();
    const enc = pp.encodeReportToken(token);
    expect(check(metadata(reportId, []))).toBe('token_missing');
    expect(check(metadata(reportId, [enc, enc]))).toBe('token_malformed');
    expect(check(metadata(reportId, [enc.subarray(1)]))).toBe('token_malformed');
  });

  it('token_key_uncertified: another window, a foreign certificate, a swapped key id', async () => {
    const { reportId, token } = await issued();
    const other = time + WS / TP;
    expect(check(metadata(reportId, [pp.encodeReportToken(token)], other))).toBe(
      'token_key_uncertified',
    );
    const cert = Uint8Array.from(token.keyCert);
    cert[0] = (cert[0] ?? 0) ^ 1;
    expect(check(metadata(reportId, [pp.encodeReportToken({ ...token, keyCert: cert })]))).toBe(
      'token_key_uncertified',
    );
    const tokenKeyId = Uint8Array.from(token.token.tokenKeyId);
    tokenKeyId[5] = (tokenKeyId[5] ?? 0) ^ 1;
    const swapped = { ...token, token: { ...token.token, tokenKeyId } };
    expect(check(metadata(reportId, [pp.encodeReportToken(swapped)]))).toBe(
      'token_key_uncertified',
    );
  });

  it('token_wrong_report for another report ID or task, token_invalid for a changed signature', async () => {
    const { reportId, token } = await issued();
    const enc = pp.encodeReportToken(token);
    expect(check(metadata(Uint8Array.from(randomBytes(16)), [enc]))).toBe('token_wrong_report');
    const c = pp.checkReportToken(
      policy,
      new pp.WindowKeyCache(),
      Uint8Array.from(randomBytes(32)),
      TP,
      metadata(reportId, [enc]),
    );
    expect(checkCode(c)).toBe('token_wrong_report');
    const authenticator = Uint8Array.from(token.token.authenticator);
    authenticator[100] = (authenticator[100] ?? 0) ^ 0x40;
    const forged = { ...token, token: { ...token.token, authenticator } };
    expect(check(metadata(reportId, [pp.encodeReportToken(forged)]))).toBe('token_invalid');
  });

  it('a full key cache starts over and still verifies the real key', async () => {
    const { reportId, token } = await issued();
    const cache = new pp.WindowKeyCache();
    for (let i = 0; i < 260; i++) {
      const keyCert = Uint8Array.from(randomBytes(64));
      expect(check(metadata(reportId, [pp.encodeReportToken({ ...token, keyCert })]), cache)).toBe(
        'token_key_uncertified',
      );
    }
    expect(check(metadata(reportId, [pp.encodeReportToken(token)]), cache)).toBe('ok');
    expect(check(metadata(reportId, [pp.encodeReportToken(token)]), cache)).toBe('ok');
  });

  it('TokenError carries its refusal under the protocol_failed code', () => {
    const e = new pp.TokenError('token_spent', 'spent already');
    expect(e.refusal).toBe('token_spent');
    expect(e.code).toBe('protocol_failed');
    expect(e.name).toBe('TokenError');
  });
});
