// Secret formats: credentials by where they are written (docs/guard.md "Secret formats"): values
// assigned to a credential name in code and config syntaxes, credential constructor arguments,
// password flags and SQL clauses, .netrc and .pgpass lines, password hashes, bare DER key material.
import { credentialName, credentialValue } from './secret-assigned-values.js';
import type { SecretPattern } from './secret-patterns.js';
import { notPlaceholder, randomish } from './secret-validators.js';
import { testStatusLine } from './secret-test-status.js';
import { arnResourceType } from './secret-not-values.js';

const PASSWORD_WORDS =
  'requirepass|masterauth|pass(?:word|wd|wort|phrase|wrd)?|pwd|pw|credentials?';
const SECRET_WORDS =
  '(?:api|private|secret|access|signing|encryption|master|app|client|consumer|auth|hmac|jwt|session|cookie|storage|account|shared|subscription|licen[cs]e|service|webhook|deploy|ssh|gpg|pgp|crypt|cipher)[_.-]?key|apikey|secret|token|pat';
/** What may follow the word in the name: a digit, `_value`, Rails' `_key_base`. */
const TAIL = '(?:[_-]?\\d{1,2}|[_-]?(?:value|str|string|plain(?:text)?|key[_-]?base))?';
/** Quotes and brackets closing the name: `"password":`, `['password'] =`, `\"token\":`. */
const CLOSERS = '["\'`\\\\\\]]{0,3}';
/**
 * The separators of the syntaxes: `=`, `:`, `:=`, `=>`, a typed declaration (`: String =`), a
 * comparison, a call (`setPassword(`), `.equals(`, an XML element (`>`), `key="..." value=`, and
 * whitespace (Dockerfile `ENV NAME value`, `.netrc`, `redis.conf`).
 */
const SEP =
  "[ \\t]*(?::[ \\t]*&?(?:'static[ \\t]+)?[A-Za-z][\\w.<>\\[\\]?]{0,30}[ \\t]*=(?!=)|[ \\t]+(?:string|\\[\\]byte)[ \\t]*=(?!=)|:=|=>|={1,3}|!==?|:|>|\\(|\\.equals\\(|[ \\t]+value[ \\t]*=|,|(?<=[A-Za-z0-9])[ \\t](?=[ \\t]*[^\\s=:]))[ \\t]*";
/** A quoted literal (the whole of it, spaces included, so a label is seen as one) or a bare value. */
const VALUE =
  '\\\\?["\'`]?((?<=")[^"\\\\\\n]{1,200}(?=\\\\?")|(?<=\')[^\'\\n]{1,200}(?=\')|(?<=`)[^`\\n]{1,200}(?=`)|(?<!["\'`])[^\\s"\'`<>;,&)\\]}\\\\]{1,200})';

const assignment = (words: string): RegExp =>
  new RegExp(`(?:${words})${TAIL}${CLOSERS}${SEP}${VALUE}`, 'gi');

/** What the text around an assignment says: the separator, quoting, env-file style. */
function assignmentValid(password: boolean): SecretPattern['valid'] {
  const wordRe = new RegExp(`^(?:${password ? PASSWORD_WORDS : SECRET_WORDS})`, 'i');
  return (v, m) => {
    // the value first (cheap, and most matches fail on it), the most lenient reading of it
    if (!credentialValue(v, { quoted: true, envStyle: true, password })) return false;
    const input = m.input;
    const head = m[0].slice(0, m[0].length - v.length);
    const word = wordRe.exec(head)?.[0] ?? '';
    if (word === '' || !credentialName(input, m.index, word)) return false;
    const vStart = m.index + head.length;
    const before = input[vStart - 1] ?? '';
    const after = input[vStart + v.length] ?? '';
    const quoted = /["'`]/.test(before);
    if (/\s/.test(v) && !/^\S+$/.test(v.trim())) return false;
    const sep = head.slice(word.length).replace(/^[\w-]*["'`\\\]]*/, '');
    // the line around the match, read at most 200 characters either way (linear in the text)
    let lineStart = m.index;
    while (lineStart > 0 && m.index - lineStart < 200 && input[lineStart - 1] !== '\n') lineStart--;
    let nameStart = m.index;
    while (nameStart > lineStart && /[A-Za-z0-9_.$@-]/.test(input[nameStart - 1] ?? ''))
      nameStart--;
    const prefix = input.slice(lineStart, nameStart);
    const name = input.slice(nameStart, m.index) + word;
    if (testStatusLine(name, sep, prefix, v) || arnResourceType(prefix)) return false;
    // `Select-String 'VSCE_PAT=').ToString()`, `grep "API_TOKEN=" .env | cut -d"=" -f2`: the name
    // and its `=` are one search literal, so the quote after the `=` closes it and code follows
    if (quoted && prefix.endsWith(before) && /^[\w-]*[=:]$/.test(head.slice(word.length, -1)))
      return false;
    if (/^[ \t]+["'`]?$/.test(sep)) {
      // whitespace separates only in Dockerfile ENV/ARG, .netrc and line-per-setting configs
      const lineRest = input.slice(vStart + v.length, vStart + v.length + 200).split('\n')[0] ?? '';
      if (
        !/^\s*(?:ENV|ARG|#\s*define)\s+$/.test(prefix) &&
        !/\b(?:login|user)\s+\S+\s+$/.test(prefix) &&
        !(
          /^\s*$/.test(prefix) &&
          /^(?:password|passwd|requirepass|masterauth)$/i.test(word) &&
          /^["'`]?\s*$/.test(lineRest)
        )
      )
        return false;
    }
    if (/^\s*>/.test(sep) && !input.startsWith('</', vStart + v.length)) return false;
    // `define('DB_PASSWORD', '...')`, `props.setProperty("password", "...")`: a call's name, value
    if (/^[ \t]*,/.test(sep) && (!quoted || !/\(\s*["'`]?$/.test(prefix))) return false;
    if (/\(|==|!=/.test(sep)) {
      if (!quoted) return false;
      if (/^credentials?$/i.test(word)) return false;
    }
    const envStyle =
      /^[A-Z0-9_]+$/.test(name) &&
      /^=$/.test(sep) &&
      /^\s*(?:export\s+|ENV\s+|ARG\s+)?$/.test(prefix);
    return credentialValue(v, {
      quoted: quoted && (after === before || after === '\\'),
      envStyle,
      password,
    });
  };
}

export const ASSIGNED_PATTERNS: readonly SecretPattern[] = [
  { kind: 'assigned_password', re: assignment(PASSWORD_WORDS), valid: assignmentValid(true) },
  { kind: 'assigned_secret', re: assignment(SECRET_WORDS), valid: assignmentValid(false) },
  {
    // `new NetworkCredential("user", "pw")`, `HTTPBasicAuth('u', 'pw')`, `auth=("u", "pw")`,
    // `PasswordAuthentication("u", "pw".toCharArray())`: the second literal is the password
    kind: 'credential_argument',
    re: /(?:Credentials?(?:::new|\.new)?|BasicAuth|DigestAuth|PasswordAuthentication|AuthenticationToken|(?:\b|_)auth\s*=\s*|\.login|\bsetCredentials|\bbasicAuth|\bwithBasicAuth)\s*[([]\s*["'][^"'\n]{1,80}["'](?:\.\w+\(\))?\s*,\s*["']([^"'\n]{1,200})["']/gi,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // `DriverManager.getConnection(url, "user", "pw")`, `mysql.connect(host, "user", "pw")`
    kind: 'credential_argument',
    re: /\b(?:getConnection|connect|createConnection|mysqli_connect|mysql_connect|PDO)\s*\(\s*[^,()\n]{1,120},\s*["'][^"'\n]{1,80}["']\s*,\s*["']([^"'\n]{1,200})["']/gi,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // PowerShell: `ConvertTo-SecureString "pw" -AsPlainText`
    kind: 'credential_argument',
    re: /\bConvertTo-SecureString\s+(?:-String\s+)?["']([^"'\n]{1,200})["']\s+-AsPlainText/gi,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // Go's MySQL DSN: `user:password@tcp(host:3306)/db`
    kind: 'url_credential',
    re: /(?<![\w.-])[\w.-]{1,64}:([^\s:@/"'`]{6,128})@(?:tcp|unix)\(/g,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // password flags and clauses: `mysql -pSECRET`, `--password=`, `sshpass -p`, `docker login -p`,
    // `redis-cli -a`, `-storepass`, `-passin pass:`, `IDENTIFIED BY '...'`, `WITH PASSWORD '...'`
    kind: 'cli_password',
    re: /(?:\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]{0,120}?\s-p(?=[^\s'"-])|\bsshpass\s+-p\s*|\b(?:docker|podman|buildah|skopeo|oras|helm)\s+(?:registry\s+)?login\b[^\n|;&]{0,160}?\s-p\s+|\bredis-cli\b[^\n|;&]{0,120}?\s-a\s+|(?<![\w-])-{1,2}(?:[a-z]+[-_])?(?:password|passwd|passphrase|storepass|keypass)(?:[=\s]\s*)|\s-pass(?:in|out)?\s+pass:|\bIDENTIFIED\s+BY\s+(?:PASSWORD\s+)?|\b(?:WITH|LOGIN)\s+(?:ENCRYPTED\s+)?PASSWORD\s+|\bSET\s+PASSWORD\s*(?:FOR\s+\S+\s*)?=\s*(?:PASSWORD\s*\(\s*)?)["']?([^\s"'<>;|&)]{6,128})/gi,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // .pgpass: hostname:port:database:username:password, one a line
    kind: 'pgpass_password',
    re: /^[A-Za-z0-9_.*-]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,64}:[^\s:]{1,64}:([^\s:]{6,128})$/gm,
    valid: (v) => credentialValue(v, { quoted: true, envStyle: false, password: true }),
  },
  {
    // crypt(3), bcrypt, argon2 and {SSHA} hashes in htpasswd/shadow lines or under a password name:
    // a hash is not the password but leaks it to an offline guess, so it is reported and redacted
    kind: 'password_hash',
    re: /(?:^[\w.@-]{1,64}:|(?:password|passwd|pwd|pass)[_-]?(?:hash|digest)?["']?\s*[:=]\s*["']?)(\$(?:2[abxy]|apr1|1|5|6|y|gy|7|argon2(?:id|i|d))\$[A-Za-z0-9./$=,+-]{20,200}|\{(?:SSHA|SHA|SSHA256|SSHA512|PBKDF2[\w-]*)\}[A-Za-z0-9+/=$.]{20,200})/gim,
    valid: notPlaceholder,
  },
  {
    // key material without PEM armour: base64 DER of PKCS#8, PKCS#1, SEC1, PKCS#12 and the
    // OpenSSH key format (RFC 5208, RFC 8017 A.1.2, RFC 5915, RFC 7292, PROTOCOL.key)
    kind: 'der_private_key',
    re: /(?<![A-Za-z0-9+/])((?:MII[A-Za-z0-9+/]{3}IB(?:ADANBgkqhkiG9w0BAQEFAASC|AAKC[AB]|AzCC)|MIG[A-Za-z0-9+/]AgEAMB[A-Za-z0-9+/]GByqGSM49AgEG|MHcCAQEEI|MIGkAgEBBDC|MC4CAQAwBQYDK2V[wu]|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{40,}={0,2})/g,
    valid: randomish(4),
  },
];
