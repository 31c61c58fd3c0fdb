// Secret formats: passwords passed by position to the calls that log in (docs/guard.md "Secret
// formats"): LDAP binds, SMTP, FTP, IMAP and POP logins, JDBC and database connects whose user is a
// variable, Go's smtp.PlainAuth, Ruby's Net::FTP and Net::SMTP; and PPP chap-secrets/pap-secrets lines.
import { credentialValue } from './secret-assigned-values.js';
import type { SecretPattern } from './secret-patterns.js';

const password = (v: string): boolean =>
  credentialValue(v, { quoted: true, envStyle: false, password: true });

/** An argument before the password: a string literal, or a variable or field of any name. */
const ARG = `(?:"[^"\\n]{0,120}"|'[^'\\n]{0,120}'|[\\w.$@:\\[\\]-]{1,80})`;
/** A user argument: a literal, or a variable whose name says user, login, account or name. */
const USER = `(?:"[^"\\n]{1,80}"|'[^'\\n]{1,80}'|[\\w.$@]{0,40}(?:[Uu]ser|USER|[Uu]sr|[Ll]ogin|LOGIN|[Aa]ccount|[Nn]ame|NAME|[Uu]id|[Pp]rincipal|[Ee]mail|[Dd][Nn])\\w{0,20})`;
/** The password literal, group 1. */
const PW = `["'\`]([^"'\`\\n]{1,200})["'\`]`;

export const POSITIONAL_PATTERNS: readonly SecretPattern[] = [
  {
    // python-ldap `simple_bind_s(dn, "pw")`, PHP `ldap_bind($c, $dn, "pw")`, ldapjs
    // `client.bind("cn=admin,dc=x", "pw", cb)`, a `bind(dn, "pw")` whose first argument is a DN
    kind: 'credential_argument',
    re: new RegExp(
      `(?:\\b(?:simple_bind(?:_s)?|ldap_(?:sasl_)?bind|ldap_simple_bind(?:_s)?|bind_s)\\s*\\(\\s*(?:${ARG}\\s*,\\s*)?${ARG}|\\bbind\\s*\\(\\s*(?:${ARG}\\s*,\\s*)?(?:["'][^"'\\n]*\\b(?:cn|uid|dc|ou)=[^"'\\n]*["']|[\\w.$]{0,40}(?:dn|DN|Dn|bind_?user\\w*|bindUser\\w*)))\\s*,\\s*${PW}`,
      'g',
    ),
    valid: password,
  },
  {
    // Go `smtp.PlainAuth("", user, "pw", host)`, `smtp.CRAMMD5Auth(user, "secret")`
    kind: 'credential_argument',
    re: new RegExp(
      `\\bsmtp\\.(?:PlainAuth\\s*\\(\\s*${ARG}\\s*,|CRAMMD5Auth\\s*\\()\\s*${ARG}\\s*,\\s*${PW}`,
      'g',
    ),
    valid: password,
  },
  {
    // Ruby `Net::FTP.open(host, user, "pw")`, `Net::FTP.new(host, user, "pw")`, Python
    // `ftplib.FTP(host, user, "pw")`, `FTP_TLS(host, user, "pw")`
    kind: 'credential_argument',
    re: new RegExp(
      `(?:\\bNet::FTP\\.(?:open|new)|\\bFTP(?:_TLS)?)\\s*\\(\\s*${ARG}\\s*,\\s*${USER}\\s*,\\s*${PW}`,
      'g',
    ),
    valid: password,
  },
  {
    // Ruby `Net::SMTP.start(host, port, helo, user, "pw", :plain)`: the literal after the user
    kind: 'credential_argument',
    re: new RegExp(
      `\\bNet::SMTP\\.start\\s*\\((?:\\s*${ARG}\\s*,){1,3}\\s*${USER}\\s*,\\s*${PW}\\s*(?:,\\s*:(?:plain|login|cram_md5)\\s*)?\\)`,
      'g',
    ),
    valid: password,
  },
  {
    // `server.login(user, "pw")` (smtplib, imaplib, ftplib), `ftp.Login(user, "pw")` (Go),
    // `poplib.pass_("pw")`, JavaMail `transport.connect(host, user, "pw")`, JDBC
    // `getConnection(url, user, "pw")` with the user in a variable
    kind: 'credential_argument',
    re: new RegExp(
      `(?:\\.(?:login|Login|auth_login)\\s*\\(\\s*${USER}|\\b(?:getConnection|connect|createConnection|mysqli_connect|mysql_connect|PasswordAuthentication)\\s*\\(\\s*${ARG}\\s*,\\s*${USER}|\\.pass_\\s*\\()\\s*,?\\s*${PW}`,
      'g',
    ),
    valid: password,
  },
  {
    // PPP chap-secrets / pap-secrets: `client server secret [addresses]`, the server `*` or a PPP daemon
    kind: 'ppp_secret',
    re: /^[ \t]*"?[\w@.\\-]{1,64}"?[ \t]+(?:\*|"\*"|"?(?:pptpd|l2tpd|xl2tpd|pppoe|ppp\d?)"?)[ \t]+"?([^\s"#]{6,128})"?(?:[ \t]+(?:\*|"\*"|""|-|[\d.]+(?:\/\d+)?))*[ \t]*$/gm,
    valid: password,
  },
];
