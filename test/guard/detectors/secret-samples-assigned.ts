// Credentials by where they are written (assignments, arguments, flags, .pgpass, hashes, bare DER
// keys), each with a near-miss twin: a lookup, a placeholder, a label, a type or a public key.
import type { Sample } from './secret-samples.js';
import { ALNUM, B64, D, az, type Gen } from './secret-sample-kit.js';

export function assignedSamples(r: Gen): Sample[] {
  // a human-shaped password: letters, a digit and a symbol, so the shape check cannot fail by chance
  const pw = (): string => `${r(az, 5)}${r(D, 2)}!${r(ALNUM, 3)}`;
  const rsa = `MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSi${r(B64, 80)}`;
  return [
    {
      kind: 'assigned_password',
      real: `spring.datasource.password=${pw()}`,
      near: 'spring.datasource.password=${DB_PASSWORD}',
    },
    {
      kind: 'assigned_password',
      real: `<password>${pw()}</password>`,
      near: '<label>Password</label>',
    },
    {
      kind: 'assigned_password',
      real: `conn.setPassword("${pw()}");`,
      near: 'conn.setPassword(System.getenv("DB_PASSWORD"));',
    },
    {
      kind: 'assigned_secret',
      real: `"client_secret": "${r(ALNUM, 30)}7q"`,
      near: '"client_secret": "your-client-secret-here"',
    },
    {
      kind: 'assigned_secret',
      real: `SERVICE_API_KEY=${r(ALNUM, 38)}a1`,
      near: 'page_token: CAUQAA1x',
    },
    {
      // a personal access token named for what it is, in a PowerShell hashtable or an env file
      kind: 'assigned_secret',
      real: `-Body @{pat='${r(az, 20)}${r(D, 4)}${r(ALNUM, 24)}'; org='acme'}`,
      near: "-Body @{pattern='feature/*'; pat=$env:AZDO_PAT; org='acme'}",
    },
    {
      kind: 'assigned_secret',
      real: `GITLAB_PAT=${r(ALNUM, 30)}9x`,
      near: 'spat=splatter compat=1 pat=Patrick',
    },
    {
      kind: 'credential_argument',
      real: `new NetworkCredential("svc", "${pw()}")`,
      near: 'new NetworkCredential("svc", "changeme")',
    },
    {
      kind: 'credential_argument',
      real: `DriverManager.getConnection(url, "app", "${pw()}")`,
      near: 'DriverManager.getConnection(url, "app", "<password>")',
    },
    {
      kind: 'credential_argument',
      real: `auth := smtp.PlainAuth("", user, "${pw()}", host)`,
      near: 'auth := smtp.PlainAuth("", user, password, host)',
    },
    {
      kind: 'ppp_secret',
      real: `\n"alice"\t*\t"${pw()}"\t*\n`,
      near: '\n"alice"\t*\t""\t*\n',
    },
    {
      kind: 'cli_password',
      real: `mysqldump -u root -p${pw()} shop`,
      near: 'mysqldump -u root -p shop',
    },
    {
      kind: 'pgpass_password',
      real: `\ndb.internal:5432:app:app:${pw()}\n`,
      near: '\ndb:5432:app:app:*\n',
    },
    {
      kind: 'password_hash',
      real: `\nadmin:$2y$10$${r(ALNUM + './', 53)}\n`,
      near: `\nadmin:x:1000:1000::/home/admin:/bin/bash\n`,
    },
    {
      kind: 'der_private_key',
      real: rsa,
      near: `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${r(B64, 80)}`,
    },
  ];
}
