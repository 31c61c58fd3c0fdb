// Values that ask to be replaced (`change-me-...`, `sk_test_replace_me`) are no assigned secrets;
// the same keys holding a real value are still reported (docs/guard.md "Secret formats").
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';

const kinds = (s: string): string[] => findSecrets(s).map((m) => m.kind);

describe('replace-me placeholders', () => {
  it.each([
    'JWT_SIGNING_KEY=change-me-32-bytes-minimum',
    'STRIPE_WEBHOOK_SECRET=whsec_replace_me',
    'SESSION_SECRET=replace-me-with-64-random-chars',
    "api_key: 'CHANGE_ME_BEFORE_DEPLOY'",
    '"client_secret": "fill-me-in-9"',
    '$env:DB_PASSWORD = "set_this_2024"',
    'export AUTH_TOKEN=please-replace-this-value',
  ])('passes: %s', (s) => {
    expect(kinds(s)).toEqual([]);
  });
  it.each([
    'JWT_SIGNING_KEY=q8Zr0pLx7V2mN4bK9tY1wE5s',
    'SESSION_SECRET=setup9Zr0pLx7V2mN4bK9tY1',
    'DB_PASSWORD=Replacement9!xQ',
    "api_key: 'settings9Zr0pLx7V2mN4bK'",
    'AUTH_TOKEN=fillmore-4Kq9Zr0pLx7V2mN',
  ])('reports: %s', (s) => {
    expect(kinds(s).length).toBeGreaterThan(0);
  });
});
