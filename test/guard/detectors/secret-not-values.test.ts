// Text in a credential's place that is no credential: a file name after `KEY=`, an ARN's resource
// type, the text an Edit replaces; the same places holding a key are still reported
// (docs/guard.md "Secret formats").
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';
import { callRule } from '../pack-rule.js';

const kinds = (s: string): string[] => findSecrets(s).map((m) => m.kind);

describe('file names and ARNs are no assigned secrets', () => {
  it.each([
    'grep ^STRIPE_SECRET_KEY= .env.development | cut -d= -f2',
    'rg "API_KEY= .env.local"',
    'SECRET_KEY= config.yaml',
    'private_key: server.key',
    'arn:aws:secretsmanager:eu-west-1:123456789012:secret:dev/reporting/redshift-Qw3e9R',
    '"ARN": "arn:aws-us-gov:secretsmanager:us-gov-west-1:123456789012:secret:prod/api/key9-AbC123"',
  ])('passes: %s', (s) => {
    expect(kinds(s)).toEqual([]);
  });
  it.each([
    'SECRET_KEY=q8Zr0pLx7V2mN4bK9tY1',
    'SECRET_KEY= q8Zr0pLx7V2mN4bK9tY1x',
    'SECRET_KEY=.env9Zr0pLx7V2mN4bK',
    "private_key: 'q8Zr0pLx7V2mN4bK9tY1.pem9'",
    'secret: dev/reporting/redshift-Qw3e9R',
    'client_secret: wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq9',
  ])('reports: %s', (s) => {
    expect(kinds(s).length).toBeGreaterThan(0);
  });
});

describe('an Edit removing a hard-coded key', () => {
  const rule = callRule('/home/dev/invoice-api');
  const KEY = "const stripeKey = 'sk_test_51NfQ2aLkd8Yx0pWqRz3Tn6Ve';";
  const ENV = "const stripeKey = process.env.STRIPE_SECRET_KEY ?? '';";
  const file_path = '/home/dev/invoice-api/src/config.ts';
  it('is not a write of it', async () => {
    expect(await rule('Edit', { file_path, old_string: KEY, new_string: ENV })).toBe('allow');
    expect(
      await rule('MultiEdit', { file_path, edits: [{ old_string: KEY, new_string: ENV }] }),
    ).toBe('allow');
  });
  it('writing it, or moving it, still is', async () => {
    expect(await rule('Edit', { file_path, old_string: ENV, new_string: KEY })).toBe(
      'ca.secret-in-file',
    );
    expect(await rule('Edit', { file_path, old_string: KEY, new_string: `${KEY}\n// ok` })).toBe(
      'ca.secret-in-file',
    );
    expect(
      await rule('MultiEdit', { file_path, edits: [{ old_string: ENV, new_string: KEY }] }),
    ).toBe('ca.secret-in-file');
  });
});

describe('secret names in a result', () => {
  const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
  const result = async (text: string): Promise<string> => {
    const d = await guard.decide({
      phase: 'result',
      tool: 'Bash',
      args: { command: 'aws secretsmanager describe-secret --secret-id dev/reporting/redshift' },
      result: text,
    });
    return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
  };
  it('an ARN and a name pass; a value does not', async () => {
    const arn =
      '{"ARN": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:dev/reporting/redshift-Qw3e9R", "Name": "dev/reporting/redshift"}';
    expect(await result(arn)).toBe('allow');
    expect(await result('{"SecretString": "{\\"password\\": \\"Tr1cky#pass99\\"}"}')).not.toBe(
      'allow',
    );
  });
});
