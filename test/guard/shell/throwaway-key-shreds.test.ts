// Shredding a test's key file inside the project is a careful delete; shredding a key at home,
// outside the project or one the project runs on stays a destructive delete.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/code/cert-rotator');

const FIXTURES = [
  'shred -u ./tmp/test-fixture-private-key.pem && ls tmp/',
  'shred -uz tests/fixtures/server.pem',
  'shred --remove spec/data/id_rsa',
  'shred -u certs/dummy-key.pem',
  'shred -u tmp/client.p12 tmp/client.pem',
];
const PROTECTED = [
  'shred -u ~/.ssh/id_rsa',
  'shred -u /home/dev/.ssh/id_ed25519',
  'shred -u ../other-project/tmp/key.pem',
  'shred -u certs/server-key.pem',
  'shred -u ./tmp/key.pem ~/.ssh/id_rsa',
  'shred -u $HOME/tmp/test-key.pem',
  'shred -u /tmp/test-key.pem ~/.aws/credentials',
];

describe('shredding key files', () => {
  it.each(FIXTURES)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each(PROTECTED)('%s is a destructive delete', async (c) => {
    expect(await rule(c)).toBe('ca.destructive-delete');
  });
});
