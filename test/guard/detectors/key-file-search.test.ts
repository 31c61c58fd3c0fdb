// Search tools hunting key files across home or the system are credential reads; the same key
// globs inside a project's test-data folder find fixtures. Release tools' sessions are credentials.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const rule = callRule();
const held = async (tool: string, args: Record<string, unknown>): Promise<string> =>
  rule(tool, args);

describe('key files searched by a search tool', () => {
  it('holds key globs over home, another home or the system', async () => {
    for (const args of [
      { pattern: '/home/dev/**/{id_rsa,id_ed25519,*.pem,*.p12,*.keystore,*.jks}' },
      { pattern: '**/{*.p12,*.pfx}', path: '/home/dev' },
      { pattern: '~/**/*.jks' },
      { pattern: '/Users/ana/**/id_ecdsa' },
      { pattern: '**/{id_rsa,*.key}', path: '/' },
      { pattern: '/etc/**/{*.pem,*.key}' },
    ])
      expect(await held('Glob', args), JSON.stringify(args)).not.toBe('allow');
  });
  it('lets the same globs find a project test-data folder', async () => {
    for (const args of [
      { pattern: '**/*.pem', path: '/home/dev/go/payments-gw/testdata' },
      { pattern: 'testdata/**/{*.pem,*.key}', path: '/home/dev/svc' },
      { pattern: '/home/dev/api/test/fixtures/**/*.p12' },
      { pattern: '**/*.ts', path: '/home/dev' },
    ])
      expect(await held('Glob', args), JSON.stringify(args)).toBe('allow');
  });
  it('still holds a test-data glob that climbs out or lies in a settings folder', async () => {
    for (const args of [
      { pattern: '../../**/*.pem', path: '/home/dev/svc/testdata' },
      { pattern: '**/*.pem', path: '/home/dev/.ssh/testdata' },
    ])
      expect(await held('Glob', args), JSON.stringify(args)).not.toBe('allow');
  });
});

describe('app store release tools', () => {
  it('holds reads of their sessions and API keys', async () => {
    for (const p of [
      '/home/dev/.local/share/fastlane/spaceship/appstore@acme.io/cookie',
      '/Users/ana/.fastlane/spaceship/ana@example.com/cookie',
      '/Users/ana/.appstoreconnect/private_keys/AuthKey_7X9Q2.p8',
      '/home/dev/private_keys/AuthKey_ABC123.p8',
    ])
      expect(await held('Read', { file_path: p }), p).not.toBe('allow');
  });
  it('lets the project fastlane files be read', async () => {
    for (const p of ['/home/dev/app/fastlane/Fastfile', '/home/dev/app/fastlane/Appfile'])
      expect(await held('Read', { file_path: p }), p).toBe('allow');
  });
});
