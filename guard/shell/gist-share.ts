// `gh gist create --desc 'repro' repro/vite.config.ts repro/package.json`: a secret gist (gh's
// default, reachable only by its URL, under the user's own account) of a few named source files
// of the project, or a log its tests wrote, is how a developer shares a reproduction, not data
// leaving (docs/guard.md "Egress").
import type { ShellCommand } from './model.js';
import { isCredentialPath, normalizePath } from '../sensitive-paths.js';

/** gh gist create's options that take a value: the description and a stdin file's name. */
const VALUED = new Set(['-d', '--desc', '-f', '--filename']);
/** Options that are no part of a secret gist of files: public, or an unknown option. */
const KNOWN = /^(?:-d|--desc|-f|--filename|-w|--web|--public=false)$|^--(?:desc|filename)=/;
/** Most files shared at once: a reproduction, not a folder's worth. */
const MAX_FILES = 10;
/**
 * Files that hold secrets, data or state rather than code: env files and keys of any name, secret
 * and credential configs, tokens, databases, dumps, logs, archives, Terraform state, package
 * managers' credential files.
 */
const NOT_SOURCE =
  /(?:^|\/)(?:\.env[^/]*|\.envrc|\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.pgpass|\.htpasswd|id_[a-z0-9]+|[^/]*(?:secret|credential|password|passwd|token|private|apikey|api_key)[^/]*|[^/]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|gpg|asc|sqlite3?|db|dump|sql|bak|log|tfstate|tfvars|zip|tar|gz|tgz|7z|har))$/i;

/**
 * A log or report a test run wrote into the project's test-output folder (`test-output/flaky.log`,
 * `target/surefire-reports/x.txt`): what the project's own tests printed, shared to show a failure.
 * A secret gist is unlisted, not private, yet only its URL finds it, and it is the user's own
 * account that holds it: sending that URL anywhere is a second step the guard reads on its own.
 */
const TEST_OUTPUT =
  /^(?:[\w.-]+\/)*(?:test-outputs?|test-results|test-reports|test-logs|surefire-reports|failsafe-reports|playwright-report)\/(?:[\w.-]+\/)*([\w.-]+)\.(?:log|txt|out|xml)$/i;

function testOutputLog(path: string): boolean {
  const m = TEST_OUTPUT.exec(path);
  // the name without its extension must not say secret, token, key, ... either
  return m !== null && !NOT_SOURCE.test(m[1] ?? '');
}

/**
 * True when `argv` (`gh gist create ...`) makes a secret gist of at most MAX_FILES named project
 * files, none of them sensitive, read from no stdin, glob or variable. Attacker-controlled words.
 */
export function ordinaryPrivateGist(cmd: ShellCommand): boolean {
  const args = cmd.argv.slice(3);
  if (cmd.stdin !== undefined || cmd.redirects.some((r) => r.op.startsWith('<'))) return false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('-')) {
      if (!KNOWN.test(a)) return false;
      if (VALUED.has(a)) i++;
      continue;
    }
    files.push(a);
  }
  return (
    files.length > 0 &&
    files.length <= MAX_FILES &&
    files.every(
      (f) =>
        !/[$`*?[\]{}]/.test(f) &&
        !/^(?:\/|~)/.test(normalizePath(f)) &&
        !normalizePath(f).split('/').includes('..') &&
        !isCredentialPath(f) &&
        (!NOT_SOURCE.test(f) || testOutputLog(normalizePath(f))),
    )
  );
}
