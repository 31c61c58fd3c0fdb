// Install-time scripts that reach a network host (docs/guard.md "Detectors", sensitive_paths): npm's
// lifecycle scripts and Composer's install and update events run on every install of the project,
// before anyone reads what they did. One that calls a host with a secret-named variable, the whole
// environment or the machine's and user's names is a beacon or a theft; the project's own `node
// scripts/gen-types.js`, and inline code that only fetches and prints, send none of them.

/** A call that reaches a host: tools, and network modules of inline code. */
const NET =
  /\b(?:curl|wget|nc|ncat|socat|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|fetch\s*\(|https?\.(?:get|request)\s*\(|require\(\s*['"](?:node:)?(?:https?|net|dgram|tls|dns)['"]\s*\)|urllib|requests\.(?:get|post)|http\.client|socket\.|Net::HTTP|LWP::|IO::Socket|open-uri|file_get_contents\s*\(\s*['"]https?:|dns\.(?:resolve|lookup))/i;
/** What rides along: a secret-named variable, the whole environment, who and where the machine is. */
const SENDS =
  /(?:process\.env|os\.environ|ENV|getenv\(|\$env:|\$\{?|%)[.[('"]*\w*(?:TOKEN|SECRET|PASS|KEY|AUTH|CRED|SESSION)|process\.env(?![.[])|os\.environ(?![.[])|\bprintenv\b|\benv\s*(?:\||>|$)|hostname|whoami|userInfo|getpass|os\.uname/i;
/** An install-time script that contacts a host with secrets, the environment or host details. */
export function installScriptReaches(script: string): boolean {
  if (!NET.test(script)) return false;
  return SENDS.test(script);
}

/** Composer's events that run on `composer install` and `composer update`. */
const COMPOSER_EVENTS =
  /"(?:pre-install-cmd|post-install-cmd|pre-update-cmd|post-update-cmd|post-autoload-dump|post-root-package-install|post-create-project-cmd|pre-autoload-dump)"\s*:\s*("(?:[^"\\\n]|\\.){0,4096}"|\[[^\]]{0,8192}\])/g;

/** A composer.json write whose install or update event script reaches a host (see above). */
export function composerScriptReaches(path: string, text: string): boolean {
  if (!/(?:^|\/)composer\.json$/.test(path) || !text.includes('-cmd')) return false;
  for (const m of text.matchAll(COMPOSER_EVENTS)) {
    let value: unknown;
    try {
      value = JSON.parse(m[1] ?? '');
    } catch {
      return true; // an event script that does not parse is not what Composer would run: held
    }
    const scripts = [value].flat().filter((v): v is string => typeof v === 'string');
    if (scripts.some(installScriptReaches)) return true;
  }
  return false;
}
