// Keys a vendor prints in its own documentation (AWS's EXAMPLE pair, Stripe's API-reference test
// keys) are examples, not credentials; a key of the same shape that is not documented still is.
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';

const FIXTURE =
  '# Synthetic values for the scanner tests.\n' +
  'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n' +
  'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n' +
  'stripe = sk_test_4eC39HqLyjWDarjtT1zdp7dc\n' +
  'publishable = pk_test_TYooMQauvdEDq54NiTphI7jx\n';

describe('documented example keys', () => {
  it('are not credentials', () => {
    expect(findSecrets(FIXTURE).map((m) => m.kind)).toEqual([]);
  });

  it('a key of the same shape that no documentation prints still is', () => {
    const kinds = findSecrets('stripe = sk_test_4eC39HqLyjWDarjtT1zdp7dQ\n').map((m) => m.kind);
    expect(kinds).toContain('stripe_key');
    const live = findSecrets('k = sk_live_4eC39HqLyjWDarjtT1zdp7dc\n').map((m) => m.kind);
    expect(live).toContain('stripe_key');
  });
});
