// A JWT signed with an HMAC secret its vendor publishes (the Supabase CLI's local stack) can be minted
// by anyone and is not a credential, wherever it is printed; a token of the same shape signed with any
// other secret, the same issuer and role included, still is (docs/guard.md "Secret formats").
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';

const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
function mint(payload: object, secret: string, alg = 'HS256'): string {
  const body = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg] ?? 'sha256';
  return `${body}.${createHmac(hash, secret).update(body).digest('base64url')}`;
}
const PUBLISHED = 'super-secret-jwt-token-with-at-least-32-characters-long';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const kinds = (text: string): string[] => findSecrets(text).map((m) => m.kind);

describe('JWTs signed with a published secret', () => {
  it('the local stack keys `supabase status` prints are not credentials', () => {
    const status = `         API URL: http://127.0.0.1:54321\n        anon key: ${ANON}\nservice_role key: ${SERVICE}\n`;
    expect(kinds(status)).toEqual([]);
  });

  it('any token signed with it, on any URL or under any key name, is not one either', () => {
    const other = mint({ iss: 'supabase-demo', role: 'authenticated', sub: 'u1' }, PUBLISHED);
    const hs512 = mint({ role: 'service_role' }, PUBLISHED, 'HS512');
    expect(kinds(`SUPABASE_URL=https://db.acme.io\nSUPABASE_SERVICE_KEY=${other}\n`)).toEqual([]);
    expect(kinds(`service_role key: ${hs512}\n`)).toEqual([]);
  });

  it('the same issuer and role signed with another secret is still a credential', () => {
    const own = mint(
      { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 },
      'x7Qm2Lk9TzR4vWn8PcY1sHd6FgJ3aUeK0oNi5ZxB',
    );
    expect(kinds(`service_role key: ${own}\n`)).toContain('jwt');
    const project = mint(
      { iss: 'supabase', ref: 'abcdefghijklmnop', role: 'service_role' },
      'Qw3rTy7uIo9pAs2dFg4hJk6lZx8cVb1nM5qWe0rT',
    );
    expect(kinds(`SUPABASE_SERVICE_ROLE_KEY=${project}\n`).length).toBeGreaterThan(0);
  });

  it('a published token with its signature changed is judged as any other', () => {
    const forged = `${SERVICE.slice(0, -4)}AbCd`;
    expect(kinds(`service_role key: ${forged}\n`)).toContain('jwt');
  });
});
