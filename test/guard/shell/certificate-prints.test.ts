// Printing a certificate's public fields reads no private key; printing a key, or a file named as
// one, stays a credential read.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/go-api');

const PUBLIC = [
  'openssl x509 -in certs/localhost.pem -noout -subject -dates -ext subjectAltName',
  'openssl x509 -in /etc/ssl/certs/ca.pem -noout -fingerprint -sha256',
  'openssl x509 -noout -text -in ~/.minikube/ca.pem',
  'openssl req -in csr.pem -noout -text',
  'openssl verify -CAfile ca.pem server.pem',
  'openssl crl -in crl.pem -noout -text',
  'openssl s_client -connect api.example.com:443 -CAfile certs/ca.pem',
  'keytool -list -keystore app.jks',
];
const KEY_READS = [
  'openssl rsa -in key.pem -text',
  'openssl pkey -in certs/server.pem -text',
  'openssl ec -in ec.pem -noout -text',
  'openssl x509 -in certs/server-key.pem -noout -text',
  'openssl x509 -in privkey.pem -text',
  'openssl x509 -in ~/.ssh/id_rsa -noout -text',
  'openssl pkcs12 -in bundle.p12 -nodes',
  'openssl x509 -req -in csr.pem -signkey key.pem -out cert.pem',
  'cat certs/localhost.pem',
];

describe('certificates printed, keys read', () => {
  it.each(PUBLIC)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each(KEY_READS)('%s is a credential read', async (c) => {
    expect(await rule(c)).toBe('ca.credential-read');
  });
});
