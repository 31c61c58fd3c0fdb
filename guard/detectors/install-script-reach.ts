// Install-time scripts that reach a network host (docs/guard.md "Detectors", sensitive_paths): npm's
// lifecycle scripts and Composer's install and update events run on every install of the project,
// before anyone reads what they did. One that calls a host from inline code (`node -e`, `python -c`),
// or sends the environment, the machine's name or a secret-named variable with it, is a beacon or
// a theft; the project's own `node scripts/gen-types.js` or `prisma generate` names no host.

/** A call that reaches a host: tools, and network modules of inline code. */
const NET =
  /\b(?:curl|wget|nc|ncat|socat|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|fetch\s*\(|https?\.(?:get|request)\s*\(|require\(\s*['"](?:node:)?(?:https?|net|dgram|tls|dns)['"]\s*\)|urllib|requests\.(?:get|post)|http\.client|socket\.|Net::HTTP|LWP::|IO::Socket|open-uri|file_get_contents\s*\(\s*['"]https?:|dns\.(?:resolve|lookup))/i;
/** What rides along: a secret-named variable, the whole environment, who and where the machine is. */
const SENDS =
  /(?:process\.env|os\.environ|ENV\[|getenv\(|\$env:|\$\{?|%)\w*(?:TOKEN|SECRET|PASS|KEY|AUTH|CRED|SESSION)|process\.env(?![.[])|os\.environ(?![.[])|\bprintenv\b|\benv\s*(?:\||>|$)|hostname|whoami|userInfo|getpass|os\.uname/i;
/** Code given on the interpreter's command line rather than a file of the project. */
const INLINE =
  /\b(?:node|nodejs|python[\d.]*|py|ruby|perl|php|deno|bun|pwsh|powershell)(?:\.exe)?\s+(?:--?[\w-]+\s+)*?(?:-e|-c|-r|--eval|-Command|-EncodedCommand|eval)\b/i;

/** An install-time script that contacts a host from inline code or with secrets or host details. */
export function installScriptReaches(script: string): boolean {
  if (!NET.test(script)) return false;
  return INLINE.test(script) || SENDS.test(script);
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
