// Secret formats: a JWT signed with an HMAC secret its vendor publishes (docs/guard.md "Secret
// formats"). The Supabase CLI starts every local stack with the same JWT secret, printed in its
// documentation, and its `anon` and `service_role` keys are signed with it: anyone can mint those
// tokens, so they open nothing of the user's, wherever they are used. A token signed with any other
// secret is judged as before.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC secrets vendors publish for their local development stacks (RFC 7518 §3.2 keys). */
const PUBLISHED_SECRETS = ['super-secret-jwt-token-with-at-least-32-characters-long'];
/** The HMAC hash for each HS algorithm (RFC 7518 §3.1). */
const HS = new Map([
  ['HS256', 'sha256'],
  ['HS384', 'sha384'],
  ['HS512', 'sha512'],
]);

/** Whether a JWT with algorithm `alg` is signed by a published secret: `sig` over `head.payload`. */
export function publishedSigner(alg: unknown, head: string, payload: string, sig: string): boolean {
  const hash = typeof alg === 'string' ? HS.get(alg) : undefined;
  if (hash === undefined) return false;
  const given = Buffer.from(sig, 'base64url');
  return PUBLISHED_SECRETS.some((secret) => {
    const mac = createHmac(hash, secret).update(`${head}.${payload}`).digest();
    return mac.length === given.length && timingSafeEqual(mac, given);
  });
}
