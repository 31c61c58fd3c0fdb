// Report-token costs for bench:dap (docs/dap.md "Report tokens"): the bench plays the issuer (one
// certified window key, tokens signed directly: what Finalize outputs is an RSASSA-PSS signature), so
// the aggregators' verification is measured, not the issuance round trips.
import { constants, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { type DapClient, privacyPass as pp, type TaskFiles } from '../../dap/index.js';
import type { ReportMetadata } from '../../dap/messages/index.js';
import { ed25519Signer, newEd25519Secret } from '../../tuf/index.js';

export interface BenchIssuer {
  policy: pp.TokenPolicyJson;
  /** Makes `client` attach a valid token to every report it prepares. */
  attach(client: DapClient): void;
  /** Report metadata with valid tokens, for the in-process verification measure. */
  metadata(taskId: Uint8Array, n: number, time: number, tp: number): ReportMetadata[];
}

export function benchIssuer(windowSeconds: number): BenchIssuer {
  const ed = ed25519Signer(newEd25519Secret());
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
  });
  const rsa = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const spki = pp.encodeIssuerSpki(Buffer.from(rsa.export({ format: 'jwk' }).n ?? '', 'base64url'));
  const keyId = pp.tokenKeyIdOf(spki);
  const policyJson: pp.TokenPolicyJson = {
    url: 'http://127.0.0.1:9/issuer/',
    public_key: ed.key.publicKey,
    window_seconds: windowSeconds,
  };
  const certs = new Map<number, Uint8Array>();
  const cert = (w: number) => {
    let c = certs.get(w);
    if (!c) {
      c = Uint8Array.from(
        Buffer.from(ed.sign(pp.windowKeyCertMessage(windowSeconds, w, keyId)), 'hex'),
      );
      certs.set(w, c);
    }
    return c;
  };
  const token = (taskId: Uint8Array, reportId: Uint8Array, time: number, tp: number) => {
    const policy = pp.parseTokenPolicy(policyJson, tp);
    const w = pp.windowOf(policy, time, tp);
    const { digest } = pp.reportChallenge(
      policy.name,
      pp.redemptionContext(taskId, reportId, windowSeconds, w),
    );
    const partial = {
      tokenType: 2,
      nonce: Uint8Array.from(randomBytes(32)),
      challengeDigest: digest,
      tokenKeyId: keyId,
    };
    const authenticator = sign('sha384', pp.tokenInput(partial), {
      key: rsa,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 48,
    });
    const data = pp.encodeReportToken({
      token: { ...partial, authenticator },
      issuerKey: spki,
      keyCert: cert(w),
    });
    return { type: pp.REPORT_TOKEN_EXTENSION, data };
  };
  return {
    policy: policyJson,
    attach(client) {
      const t = client.task;
      client.reportExtensions = (id, time) =>
        Promise.resolve([token(t.id, id, time, t.params.time_precision)]);
    },
    metadata(taskId, n, time, tp) {
      return Array.from({ length: n }, () => {
        const reportId = Uint8Array.from(randomBytes(16));
        return { reportId, time, publicExtensions: [token(taskId, reportId, time, tp)] };
      });
    },
  };
}

/** CPU per report of both aggregators' token checks (Leader at upload, Helper at init), warm cache. */
export function tokenVerifyCpuPerReport(files: TaskFiles, issuer: BenchIssuer, n: number): number {
  const tp = files.client.task.time_precision;
  const policy = pp.parseTokenPolicy(issuer.policy, tp);
  const taskId = Uint8Array.from(Buffer.from(files.client.task_id, 'base64url'));
  const time = Math.floor(Date.now() / 1000 / tp);
  const mds = issuer.metadata(taskId, n, time, tp);
  const cache = new pp.WindowKeyCache();
  const run = () => {
    const t0 = process.cpuUsage();
    for (const md of mds)
      for (let side = 0; side < 2; side++) {
        const c = pp.checkReportToken(policy, cache, taskId, tp, md);
        if (!c.ok) throw new Error(`bench token refused: ${c.code}`);
      }
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / 1e6 / n;
  };
  run();
  return run();
}
