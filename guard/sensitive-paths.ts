// Paths whose reading leaks credentials or whose writing persists or escalates: shared by detectors.
import { APP_CREDENTIAL_FILE } from './app-credential-files.js';
import { VENDOR_CREDENTIAL_FILE } from './vendor-credential-files.js';

/** Home as written in a command: `~`, `$HOME`, `${HOME}`, `/root`, `/home/<u>`, `/Users/<u>`. */
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/[^/]+|\/Users\/[^/]+)(?=\/|$)/;

/** A Windows profile as written (`C:\Users\dev`, `%USERPROFILE%`, `$env:APPDATA`), with where it lies in `~`. */
const WINDOWS_HOME: readonly [RegExp, string][] = [
  [/^(?:[A-Za-z]:[\\/]Users[\\/][^\\/]+|%USERPROFILE%|\$env:USERPROFILE)(?=[\\/]|$)/i, '~'],
  [/^(?:%APPDATA%|\$env:APPDATA)(?=[\\/]|$)/i, '~/AppData/Roaming'],
  [/^(?:%LOCALAPPDATA%|\$env:LOCALAPPDATA)(?=[\\/]|$)/i, '~/AppData/Local'],
];

/** Rewrites the home prefix to `~` and collapses duplicate slashes; quotes are already removed. */
export function normalizePath(p: string): string {
  let s = p.trim();
  // every path these rewrite starts `C:`, `%`, `$` or `/`: most words are none of them
  const first = s.charAt(0);
  if (s.charAt(1) === ':' || first === '%' || first === '$')
    for (const [re, home] of WINDOWS_HOME)
      if (re.test(s)) s = s.replace(re, home).replace(/\\/g, '/');
  if (s.includes('//')) s = s.replace(/\/{2,}/g, '/');
  if (first === '$' || first === '/') s = s.replace(HOME, '~');
  if (s.length > 1 && s.endsWith('/')) s = s.slice(0, -1);
  return s;
}

/** One alternation of the patterns: any of them matches exactly when the union does. */
function union(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((r) => `(?:${r.source})`).join('|'));
}

const CREDENTIAL = union([
  /^~\/\.ssh(?:$|\/(?!.*\.pub$)(?!known_hosts|authorized_keys)(?!config$))/,
  // `~/.aws/config` holds profiles and regions; keys live in `~/.aws/credentials`
  /^~\/\.aws\/credentials$/,
  /^~\/\.aws$/,
  /^~\/\.config\/gcloud(?:$|\/)/,
  /^~\/\.azure(?:$|\/)/,
  /^~\/\.kube\/config$/,
  /^~\/\.docker\/config\.json$/,
  /^~\/\.(?:netrc|git-credentials|npmrc|pypirc|pgpass|my\.cnf)$/,
  // RubyGems' API key for `gem push`
  /^~\/\.gem\/credentials$/,
  /^~\/\.gnupg(?:$|\/)/,
  /^~\/\.config\/gh\/hosts\.yml$/,
  /^~\/\.password-store(?:$|\/)/,
  /^~\/Library\/Keychains(?:$|\/)/,
  // Windows DPAPI: saved logons (Credentials), the master keys that decrypt them (Protect), the Vault
  /^~\/AppData\/(?:Roaming|Local)\/Microsoft\/(?:Credentials|Protect|Vault)(?:$|\/)/i,
  /^\/etc\/(?:shadow|gshadow|sudoers)(?:$|\/|\.d)/,
  /^\/etc\/ssh\/ssh_host_[a-z0-9]+_key$/,
  // another process's environment, also by a variable, a substitution or the slot xargs fills
  // (`/proc/$pid/environ`, `xargs -I{} cat /proc/{}/environ`)
  /^\/proc\/(?:self|thread-self|\d+|\*|[^/]*[$*?[{%][^/]*)\/(?:task\/[^/]+\/)?environ$/,
  /^\/var\/run\/secrets(?:$|\/)/,
  // every `.env` variant (`.env.production.local`) except templates and the committed defaults of
  // the development and test modes, Laravel's `.env.testing` among them (docs/guard.md "Env files:
  // committed defaults"); their `.local` overrides are credential files
  /(?:^|\/)\.env(?![^/]*\.(?:example|sample|template|tpl|dist|defaults|schema)(?:\.|$))(?!\.(?:development|test|testing)$)(?:\.[\w-]+)*$/,
  // direnv's per-folder environment (exported variables, often keys)
  /(?:^|\/)\.envrc$/,
  /(?:^|\/)[^/]*\.tfstate(?:\.backup)?$/,
  /(?:^|\/)\.credentials\.json$/,
  // browser profiles: saved logins, cookies, keys (Chromium family, Firefox)
  /^~\/(?:\.config|Library\/Application Support)\/(?:google-chrome[^/]*|chromium|BraveSoftware\/[^/]+|microsoft-edge[^/]*|Google\/Chrome[^/]*|Microsoft Edge)\/[^/]+\/(?:Login Data|Cookies|Web Data|Local State)(?:$|-)/,
  /^~\/(?:\.config|Library\/Application Support)\/(?:google-chrome[^/]*|chromium|Google\/Chrome[^/]*)\/Local State$/,
  /^~\/(?:\.mozilla\/firefox|Library\/Application Support\/Firefox\/Profiles)\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite|cert9\.db)$/,
  /(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)$/,
  // a certificate named as one (`ca.pem`, `dev-ca.pem`, `fullchain.pem`, `ca-bundle.pem`) is public;
  // a name with `key`, `priv` or `secret` in it stays a key (docs/guard.md "Shell analysis")
  /(?:^|\/)(?!(?![^/]*(?:key|priv|secret))(?:[^/]*[-_.])?(?:ca|cacert|ca-cert|cert|certificate|chain|fullchain|bundle|ca-bundle|root-ca|intermediate)\.pem$)[^/]*\.(?:pem|p12|pfx|keystore|jks)$/,
  /(?:^|\/)credentials\.json$/,
  /(?:^|\/)service-account[^/]*\.json$/,
  /(?:^|\/)\.terraform\.d\/credentials\.tfrc\.json$/,
  VENDOR_CREDENTIAL_FILE,
]);

/**
 * Files an interactive or login shell reads at start (bash, zsh, fish, ksh, csh), the alias and
 * function files they source by convention (`~/.bash_aliases`, `~/.bashrc.d/`, oh-my-zsh's custom
 * folder, fish's `conf.d` and `functions`), and PowerShell's profiles (`$PROFILE`).
 */
export const SHELL_STARTUP = union([
  /^~\/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|zlogout|bash_logout|bash_aliases|bash_functions|zsh_aliases|zsh_functions|aliases|kshrc|mkshrc|cshrc|tcshrc|config\/fish\/config\.fish)$/,
  /^~\/\.(?:bashrc\.d|zshrc\.d|zsh\/rc\.d|oh-my-zsh\/custom|config\/fish\/(?:conf\.d|functions))\/[^/]+(?:\/[^/]+)?$/,
  /^~\/(?:Documents\/(?:Windows)?PowerShell|\.config\/powershell)\/[\w.]*profile\.ps1$/i,
  /^\$PROFILE(?:\.(?:CurrentUser|AllUsers)(?:Current|All)Hosts)?$/i,
]);

const PERSISTENCE = union([
  SHELL_STARTUP,
  /^~\/\.ssh\/(?:authorized_keys2?|config|rc)$/,
  /^~\/\.gitconfig$/,
  /^~\/\.config\/git\/(?:config|attributes)$/,
  /^~\/\.config\/(?:autostart|systemd)(?:$|\/)/,
  /^~\/Library\/(?:LaunchAgents|LaunchDaemons)(?:$|\/)/,
  /^\/Library\/(?:LaunchAgents|LaunchDaemons)(?:$|\/)/,
  /^\/etc\//,
  /^\/(?:usr|bin|sbin|lib|lib64|boot)(?:$|\/)/,
  /^\/var\/spool\/cron(?:$|\/)/,
  // a hook git runs; git never runs a sample (`pre-commit.sample`, `pre-commit.sample.bak`)
  /(?:^|\/)\.git\/hooks\/(?![\w-]{1,64}\.sample(?:\.[\w-]{1,32})*$)/,
  /(?:^|\/)\.git\/config$/,
  // the folders `core.hooksPath` and `init.templateDir` name by convention: hooks of every repository
  /^~\/(?:\.config\/git\/hooks|\.git-?hooks|\.git-templates?\/hooks)\/(?![\w-]{1,64}\.sample$)/, // Python runs every `.pth` line starting `import`, and these modules, at each interpreter start
  /(?:^|\/)(?:site|dist)-packages\/[^/]+\.pth$/,
  /(?:^|\/)(?:sitecustomize|usercustomize)\.py$/,
]);

const APP_ANYWHERE = /\.(?:rdp|kdbx)$/i;

export function isCredentialPath(p: string): boolean {
  const n = normalizePath(p);
  // tested on its own: a union keeps no flags, and Windows spells these folders in any case
  // every application file is below home but a remote-desktop file or a password database
  return (
    CREDENTIAL.test(n) ||
    ((n.startsWith('~') || APP_ANYWHERE.test(n)) && APP_CREDENTIAL_FILE.test(n))
  );
}

export function isPersistencePath(p: string): boolean {
  const n = normalizePath(p);
  return PERSISTENCE.test(n);
}

/** A site a web server serves (`/var/www/html`, `/srv/www/shop`): a deploy replaces what is inside. */
const DEPLOY_DIR = /^\/(?:var\/www|srv\/(?:www|http))\/[^/]+(?:\/|$)/;

const SYSTEM_DIR =
  /^\/(?:etc|usr|var(?!\/(?:tmp|folders)(?:\/|$))|bin|sbin|lib|lib64|boot|opt|srv|sys|dev|proc|root|home|Users|System|Library|Applications|private(?!\/(?:tmp|var\/folders)(?:\/|$)))(?:\/|$)/;

/**
 * Home folders that hold a developer's work: a wildcard over one is every project in it. `~/work`
 * is left out: on a build machine it is the runner's scratch workspace, emptied between jobs.
 */
const WORK_FOLDER_CONTENTS =
  /^~\/(?:projects|src|source|code|workspaces?|repos|git|dev|Developer|Documents|Desktop|[A-Za-z]+Projects)\/\*{1,2}$/i;

/**
 * A target a recursive delete must never reach: root, home or a top-level folder of it, or every
 * project of a home work folder (`~/projects/*`), a system
 * folder (a web server's site folder below `/var/www` is not one), the working folder itself, a bare wildcard, the repository's .git, or a path that is
 * empty when its variable is unset (`$DIR/`).
 */
export function isCatastrophicTarget(p: string): boolean {
  const n = normalizePath(p);
  if (n === '' || n === '/' || /^\/\*?$/.test(n) || /^\/\.\*?$/.test(n)) return true;
  if (/^~(?:\/[^/]*)?$/.test(n) || WORK_FOLDER_CONTENTS.test(n)) return true;
  if ((SYSTEM_DIR.test(n) && !DEPLOY_DIR.test(n)) || /^\/[^/]*\*$/.test(n)) return true;
  if (/^(?:\.|\.\/|\*|\.\/\*|\.\*|\.\.(?:\/\.\.)*(?:\/\*?)?)$/.test(n)) return true;
  if (/(?:^|\/)\.git$/.test(n)) return true;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/\*?$/.test(p.trim())) return true;
  return false;
}

/** A database server's data folder (Debian, RHEL, Homebrew and container layouts) and `$PGDATA`-style variables. */
const DB_DATA_ROOT =
  /^(?:\/var\/lib\/(?:postgresql|pgsql|postgres|mysql|mariadb|mongodb|mongo|redis|redis-server|cassandra|elasticsearch|opensearch|clickhouse|influxdb|couchdb|neo4j|etcd|rabbitmq|mysql-files|docker\/volumes\/[^/]+\/_data)|\/var\/db\/(?:postgres|mysql|mongodb|redis)|\/(?:usr\/local|opt\/homebrew)\/var\/(?:postgres(?:ql)?(?:@[\d.]+)?|mysql|mongodb|redis)|\/data\/(?:db|postgres|mysql|redis|mongodb)|\$\{?(?:PGDATA|[A-Z_]*(?:MYSQL|MARIADB|MONGO|REDIS|POSTGRES|PG)[A-Z_]*DATA(?:_?DIR)?)\}?)(?:\/|$)/;
/** Write-ahead logs, binary logs and commit logs: the database is lost or corrupt without them, wherever its folder is. */
const DB_LOG_DIR =
  /(?:^|\/)(?:pg_wal|pg_xlog|pg_xact|pg_clog|pg_multixact|pg_tblspc)(?:\/|$)|(?:^|\/)(?:mysql-bin|binlog|mariadb-bin|[\w-]+-relay-bin)\.(?:\d{3,}|\*|index)/;
/** Files only a database server writes (its catalogue, tablespaces, snapshots): never a project file. */
const DB_FILE =
  /(?:^|\/)(?:ibdata\d+|ib_logfile\d+|ib_buffer_pool|undo_\d+|mysql\.ibd|[^/]+\.(?:ibd|frm|MYD|MYI|wt)|WiredTiger[^/]*|dump\.rdb|appendonly(?:\.aof|dir)|PG_VERSION|pg_control|postmaster\.(?:pid|opts))$/;
/** A folder named as a database server's data (`~/pgdata`, `/srv/mysql-data`), a bind mount's usual name. */
const DB_DATA_NAMED =
  /(?:^|\/)(?:pg[-_]?data|postgres(?:ql)?[-_]data|mysql[-_]?data|mariadb[-_]data|mongo(?:db)?[-_]?data|redis[-_]data|db[-_]data)(?:\/|$)/i;
/** A file-backed database (SQLite and its kin). */
const SQLITE_FILE = /\.(?:db|sqlite3?|db3|duckdb|mdb|accdb|realm)(?:-(?:wal|shm|journal))?$/;
/** Where a project keeps throw-away databases: tests, fixtures, temporary and cache folders. */
const THROWAWAY =
  /(?:^|\/)(?:\.?tmp|temp|te?sts?|__tests__|spec|fixtures?|testdata|\.?cache|node_modules|target|build|dist|coverage)(?:\/|$)|^\/(?:tmp|var\/tmp|private\/tmp|dev\/shm)(?:\/|$)|(?:^|\/|[._-])(?:test|tests|spec|fixture|tmp|temp|scratch|dev|local|example|sample|demo)[._-][^/]*$|(?:^|\/)(?:test|tmp|temp|scratch|dev|local)\.[^/]+$/;
/** Dumps, logs and archives beside the data: copies, not the data itself. */
const DB_SIDE_FILE =
  /(?:^|\/)(?:backups?|logs?|pg_log|archive)(?:\/|$)|\.(?:sql|dump|log|bak|gz|tgz|zst|bz2|xz|tar|zip|csv|json|conf|cnf)$/;

/**
 * A database's stored data: inside a database server's data folder (not its dumps or logs), a
 * write-ahead or binary log folder, a file only a server writes, or a file-backed database outside
 * the project (an absolute or home path) or named as production, that is not a test, temporary or
 * cache file.
 */
export function isDatabaseStorePath(p: string): boolean {
  const n = normalizePath(p);
  if (DB_LOG_DIR.test(n)) return true;
  if (DB_DATA_ROOT.test(n)) return !DB_SIDE_FILE.test(n);
  if (THROWAWAY.test(n)) return false;
  if (DB_FILE.test(n) || DB_DATA_NAMED.test(n)) return /^[~/]/.test(n) && !DB_SIDE_FILE.test(n);
  if (SQLITE_FILE.test(n)) return /^[~/]/.test(n) || /prod/i.test(n);
  return false;
}
