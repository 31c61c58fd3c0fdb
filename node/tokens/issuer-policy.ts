// `mesh dap task new --issuer URL`: the token policy pinned in the task files (docs/dap.md "Report tokens").
import { fetchBounded } from '../../common/index.js';
import { privacyPass as pp } from '../../dap/index.js';
import { UsageError } from '../errors.js';

/**
 * The issuer URL, its Ed25519 public key (given, or read from the issuer's /config and printed so the
 * operator can compare it out of band) and the token window.
 * @throws UsageError when the issuer cannot be reached or the values do not make a valid policy.
 */
export async function issuerPolicyFor(
  url: string,
  o: { publicKey?: string | undefined; windowSeconds?: number | undefined; timePrecision: number },
): Promise<pp.TokenPolicyJson> {
  const base = url.endsWith('/') ? url : `${url}/`;
  let publicKey = o.publicKey;
  if (publicKey === undefined) {
    let res;
    try {
      res = await fetchBounded(`${base}config`, {}, { maxBytes: 4096, totalTimeoutMs: 10_000 });
    } catch (e) {
      throw new UsageError(
        `cannot reach the issuer: ${(e as Error).message}`,
        'or give --issuer-key HEX',
      );
    }
    // this value is attacker-controlled until the operator pins it
    const doc = JSON.parse(new TextDecoder().decode(res.body)) as { public_key?: unknown };
    if (res.status !== 200 || typeof doc.public_key !== 'string')
      throw new UsageError(`${base}config did not give a public key`, 'give --issuer-key HEX');
    publicKey = doc.public_key;
  }
  const policy = {
    url: base,
    public_key: publicKey,
    window_seconds: o.windowSeconds ?? 3600,
  };
  try {
    pp.parseTokenPolicy(policy, o.timePrecision);
  } catch (e) {
    throw new UsageError(
      (e as Error).message,
      '--token-window must be a multiple of --time-precision',
    );
  }
  return policy;
}
