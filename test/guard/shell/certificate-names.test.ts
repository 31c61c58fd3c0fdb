// A file named as a certificate (`ca.pem`, `dev-ca.pem`, `fullchain.pem`) holds public data; a name
// with key, priv or secret in it, or a key store, stays a credential.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/infra');

const CERTS = [
  'base64 -w0 certs/dev-ca.pem > /tmp/dev-ca.b64 && yq -i \'.ca.bundle = load_str("/tmp/dev-ca.b64")\' charts/api/values-local.yaml',
  'cat certs/ca.pem',
  'base64 -i tls/fullchain.pem | pbcopy',
  'cp /etc/letsencrypt/live/dev.local/chain.pem ./certs/',
  "python3 -c \"import base64; print(base64.b64encode(open('certs/root-ca.pem','rb').read()))\"",
  'cat ca-bundle.pem >> docker/certs.pem',
];
const KEYS = [
  'base64 -w0 certs/dev-ca-key.pem > /tmp/k.b64',
  'python3 -c "print(open(\'certs/ca-key.pem\').read())"',
  'base64 certs/privkey.pem',
  'cat certs/server.pem',
  'base64 -w0 certs/secret-ca.pem',
  'base64 client.p12',
  'cat ~/.ssh/id_rsa',
];

describe('certificate files by name', () => {
  it.each(CERTS)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each(KEYS)('%s is a credential read', async (c) => {
    expect(await rule(c)).toBe('ca.credential-read');
  });
});
