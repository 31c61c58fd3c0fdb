// Paths whose reading leaks credentials or whose writing persists or escalates: shared by detectors.

/** Home as written in a command: `~`, `$HOME`, `${HOME}`, `/root`, `/home/<u>`, `/Users/<u>`. */
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/[^/]+|\/Users\/[^/]+)(?=\/|$)/;

/** Rewrites the home prefix to `~` and collapses duplicate slashes; quotes are already removed. */
export function normalizePath(p: string): string {
  let s = p.trim().replace(/\/{2,}/g, '/');
  s = s.replace(HOME, '~');
  if (s.length > 1 && s.endsWith('/')) s = s.slice(0, -1);
  return s;
}

/** One alternation of the patterns: any of them matches exactly when the union does. */
function union(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((r) => `(?:${r.source})`).join('|'));
}

const CREDENTIAL = union([
  /^~\/\.ssh(?:$|\/(?!.*\.pub$)(?!known_hosts)(?!config$))/,
  /^~\/\.aws\/(?:credentials|config)$/,
  /^~\/\.aws$/,
  /^~\/\.config\/gcloud(?:$|\/)/,
  /^~\/\.azure(?:$|\/)/,
  /^~\/\.kube\/config$/,
  /^~\/\.docker\/config\.json$/,
  /^~\/\.(?:netrc|git-credentials|npmrc|pypirc|pgpass|my\.cnf)$/,
  /^~\/\.gnupg(?:$|\/)/,
  /^~\/\.config\/gh\/hosts\.yml$/,
  /^~\/\.password-store(?:$|\/)/,
  /^~\/Library\/Keychains(?:$|\/)/,
  /^\/etc\/(?:shadow|gshadow|sudoers)(?:$|\/|\.d)/,
  /^\/etc\/ssh\/ssh_host_[a-z0-9]+_key$/,
  /^\/proc\/(?:self|\d+|\*)\/environ$/,
  /^\/var\/run\/secrets(?:$|\/)/,
  // every `.env` variant (`.env.production.local`) except templates
  /(?:^|\/)\.env(?![^/]*\.(?:example|sample|template|tpl|dist|defaults|schema)(?:\.|$))(?:\.[\w-]+)*$/,
  // direnv's per-folder environment (exported variables, often keys)
  /(?:^|\/)\.envrc$/,
  /(?:^|\/)[^/]*\.tfstate(?:\.backup)?$/,
  /(?:^|\/)\.credentials\.json$/,
  // browser profiles: saved logins, cookies, keys (Chromium family, Firefox)
  /^~\/(?:\.config|Library\/Application Support)\/(?:google-chrome[^/]*|chromium|BraveSoftware\/[^/]+|microsoft-edge[^/]*|Google\/Chrome[^/]*|Microsoft Edge)\/[^/]+\/(?:Login Data|Cookies|Web Data|Local State)(?:$|-)/,
  /^~\/(?:\.config|Library\/Application Support)\/(?:google-chrome[^/]*|chromium|Google\/Chrome[^/]*)\/Local State$/,
  /^~\/(?:\.mozilla\/firefox|Library\/Application Support\/Firefox\/Profiles)\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite|cert9\.db)$/,
  /(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)$/,
  /(?:^|\/)[^/]*\.(?:pem|p12|pfx|keystore|jks)$/,
  /(?:^|\/)credentials\.json$/,
  /(?:^|\/)service-account[^/]*\.json$/,
  /(?:^|\/)\.terraform\.d\/credentials\.tfrc\.json$/,
]);

const PERSISTENCE = union([
  /^~\/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|bash_logout|config\/fish\/config\.fish)$/,
  /^~\/\.ssh\/(?:authorized_keys2?|config|rc)$/,
  /^~\/\.gitconfig$/,
  /^~\/\.config\/(?:autostart|systemd)(?:$|\/)/,
  /^~\/Library\/(?:LaunchAgents|LaunchDaemons)(?:$|\/)/,
  /^\/Library\/(?:LaunchAgents|LaunchDaemons)(?:$|\/)/,
  /^\/etc\//,
  /^\/(?:usr|bin|sbin|lib|lib64|boot)(?:$|\/)/,
  /^\/var\/spool\/cron(?:$|\/)/,
  // a hook git runs; git never runs a sample (`pre-commit.sample`, `pre-commit.sample.bak`)
  /(?:^|\/)\.git\/hooks\/(?![\w-]{1,64}\.sample(?:\.[\w-]{1,32})*$)/,
  /(?:^|\/)\.git\/config$/,
]);

export function isCredentialPath(p: string): boolean {
  const n = normalizePath(p);
  return CREDENTIAL.test(n);
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
 * A target a recursive delete must never reach: root, home or a top-level folder of it, a system
 * folder (a web server's site folder below `/var/www` is not one), the working folder itself, a bare wildcard, the repository's .git, or a path that is
 * empty when its variable is unset (`$DIR/`).
 */
export function isCatastrophicTarget(p: string): boolean {
  const n = normalizePath(p);
  if (n === '' || n === '/' || /^\/\*?$/.test(n) || /^\/\.\*?$/.test(n)) return true;
  if (/^~(?:\/[^/]*)?$/.test(n)) return true;
  if ((SYSTEM_DIR.test(n) && !DEPLOY_DIR.test(n)) || /^\/[^/]*\*$/.test(n)) return true;
  if (/^(?:\.|\.\/|\*|\.\/\*|\.\*|\.\.(?:\/\.\.)*(?:\/\*?)?)$/.test(n)) return true;
  if (/(?:^|\/)\.git$/.test(n)) return true;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/\*?$/.test(p.trim())) return true;
  return false;
}
