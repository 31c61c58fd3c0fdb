// Documented examples that say where the secret goes (`ConvertTo-SecureString 'ReplaceWithToken'`,
// `PASTE_YOUR_API_KEY_HERE`) hold no credential; the same places holding a real value are still
// reported (docs/guard.md "Secret formats").
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';

const kinds = (s: string): string[] => findSecrets(s).map((m) => m.kind);

describe('replace-with and goes-here placeholders', () => {
  it.each([
    "$token = ConvertTo-SecureString 'ReplaceWithToken' -AsPlainText -Force",
    '$pw = ConvertTo-SecureString -String "REPLACE_WITH_PASSWORD" -AsPlainText -Force',
    'export GITHUB_TOKEN=replace_with_your_token',
    "api_key = 'InsertTokenHere'",
    'API_KEY=PASTE_YOUR_API_KEY_HERE',
    '"client_secret": "enter-client-secret-here"',
    "auth=('deploy', 'PasswordGoesHere')",
    'DB_PASSWORD=fill-with-secret',
  ])('passes: %s', (s) => {
    expect(kinds(s)).toEqual([]);
  });
  it.each([
    "$token = ConvertTo-SecureString 'Rq7vX2pL9wKz4mTn' -AsPlainText -Force",
    "$token = ConvertTo-SecureString 'Replacewithout9!x' -AsPlainText -Force",
    'export GITHUB_TOKEN=replacewithyQ9Zr0pLx7V2mN4bK',
    "api_key = 'Kq9Zr0pLx7V2mN4bHere'",
    'DB_PASSWORD=Fillwith7!xQz',
  ])('reports: %s', (s) => {
    expect(kinds(s).length).toBeGreaterThan(0);
  });
});
