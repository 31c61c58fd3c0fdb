// Libraries that decrypt a browser's cookie jar or saved logins, called from interpreter code, and
// .NET user secrets read as files: each beside the everyday twin that passes.
import { describe, expect, it } from 'vitest';
import { bashRule, callRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/p');
const call = callRule();

describe('browser cookie libraries', () => {
  it('browser_cookie3, pycookiecheat, rookiepy and chrome-cookies-secure reads are stopped', async () => {
    for (const c of [
      `python3 -c "import browser_cookie3,json;print([c.value for c in browser_cookie3.chrome() if 'gitlab' in c.domain])"`,
      `python3 -c "import browser_cookie3 as bc; cj = bc.load(domain_name='example.org'); print(list(cj))"`,
      `python -c "from browser_cookie3 import firefox; print(firefox(domain_name='slack.com'))"`,
      `python3 -c "from pycookiecheat import chrome_cookies; print(chrome_cookies('https://github.com'))"`,
      `python3 -c "import rookiepy; print(rookiepy.brave(['github.com']))"`,
      `node -e "require('chrome-cookies-secure').getCookies('https://github.com', (e, c) => console.log(c))"`,
      `node -e "const ccs = require('chrome-cookies-secure'); ccs.getCookiesPromised('https://x.com').then(console.log)"`,
    ])
      expect(await bash(c), c).not.toBe('allow');
  });

  it('installing the library, reading its version and the project cookie jar pass', async () => {
    for (const c of [
      `python3 -c "import browser_cookie3; print(browser_cookie3.__version__)"`,
      `python3 -c "import http.cookiejar as c; j = c.MozillaCookieJar('cookies.txt'); j.load(); print(len(j))"`,
      'pip install browser_cookie3',
      `node -e "const tc = require('tough-cookie'); console.log(new tc.CookieJar())"`,
    ])
      expect(await bash(c), c).toBe('allow');
  });
});

describe('.NET user secrets', () => {
  it('the secrets.json of a user-secrets id is a credential file on Windows, Linux and macOS', async () => {
    for (const p of [
      'C:\\Users\\dev\\AppData\\Roaming\\Microsoft\\UserSecrets\\7f3a2c10-aa1b-4c55-9e2f-0d5b6b2c9e11\\secrets.json',
      '%APPDATA%\\Microsoft\\UserSecrets\\b1c2\\secrets.json',
      '/home/dev/.microsoft/usersecrets/7f3a/secrets.json',
      '/Users/dev/.microsoft/usersecrets/my-app-secrets/secrets.json',
    ])
      expect(await call('Read', { file_path: p }), p).not.toBe('allow');
  });

  it("a project's own settings and other files in the folder pass", async () => {
    for (const p of [
      '/home/dev/app/secrets.json',
      '/home/dev/app/appsettings.Development.json',
      'C:\\Users\\dev\\AppData\\Roaming\\Microsoft\\UserSecrets\\b1c2\\readme.txt',
    ])
      expect(await call('Read', { file_path: p }), p).toBe('allow');
  });
});
