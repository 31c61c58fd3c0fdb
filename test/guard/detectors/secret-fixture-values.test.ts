// Made-up fixture values and key blocks already redacted in a report are left as they are in
// results; a real-format credential beside them, a fixture word on a random value, or a key body
// after the marker is still redacted, through the built-in pack.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { findSecrets } from '../../../guard/detectors/secrets.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const result = (tool: string, args: Record<string, unknown>, text: string) =>
  guard.decide({ phase: 'result', tool, args, result: text, cwd: '/home/dev/billing-api' });
const kinds = (s: string): string[] => findSecrets(s).map((m) => m.kind);

const FIXTURES = [
  'webhook_secret: whsec_test_fixture_0000',
  'STRIPE_WEBHOOK_SECRET=whsec_fixture_1234',
  'client_secret: "not-a-real-secret-123"',
  "password = 'fixture_pass_1'",
  'GITHUB_TOKEN=ghp_fake_token_for_tests',
  'api_token: mock-token-1',
  'SENDGRID_API_KEY=SG.dummy.dummy',
  '"private_key": "-----BEGIN PRIVATE KEY-----REDACTED"',
  'key: -----BEGIN RSA PRIVATE KEY-----[REDACTED]',
  '-----BEGIN OPENSSH PRIVATE KEY-----***',
];
const SECRETS = [
  'webhook_secret: whsec_fixture_9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c',
  'api_key: mock_Xk29fLq0Zp8Yt7Wv',
  'client_secret: test_R7p2Qm9xLk4Vb8Nc3Zt6Yw',
  'STRIPE_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dX',
  '"private_key": "-----BEGIN PRIVATE KEY-----REDACTED\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7"',
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
];

describe('fixture and redacted values', () => {
  it.each(FIXTURES)('%s holds no secret', (s) => {
    expect(kinds(s)).toEqual([]);
  });
  it.each(SECRETS)('%s holds a secret', (s) => {
    expect(kinds(s).length).toBeGreaterThan(0);
  });

  it('a Grep of config placeholders and fixture values is not rewritten', async () => {
    const text =
      'config/default.yaml:14:  api_key: ${PAYMENT_PROVIDER_API_KEY}\n' +
      'config/test.yaml:9:  api_key: test_key_not_real\n' +
      'config/test.yaml:10:  webhook_secret: whsec_test_fixture_0000';
    const d = await result('Grep', { pattern: 'secret', path: 'config' }, text);
    expect(d.verdict).toBe('allow');
    const real = `${text}\nconfig/live.yaml:3:  webhook_secret: whsec_9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c`;
    const r = await result('Grep', { pattern: 'secret', path: 'config' }, real);
    expect([r.verdict, r.rule]).toEqual(['modify', 'ca.result-secret']);
  });

  it('a scanner report of already-redacted findings is not rewritten', async () => {
    const report =
      'Finding:     STRIPE_SECRET_KEY=sk_test_REDACTED\nRuleID:      stripe-access-token\n' +
      'Finding:     "private_key": "-----BEGIN PRIVATE KEY-----REDACTED\nRuleID:      private-key';
    const d = await result('Bash', { command: 'gitleaks detect --source .' }, report);
    expect(d.verdict).toBe('allow');
    const leaked = report.replace(
      'KEY-----REDACTED',
      'KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
    );
    const r = await result('Bash', { command: 'gitleaks detect --source .' }, leaked);
    expect([r.verdict, r.rule]).toEqual(['modify', 'ca.result-secret']);
  });
});
