// A project's direnv file that only sets plain settings: `use flake`, `layout python`, `export
// MIX_ENV=dev`, `PATH_add bin`. direnv runs `.envrc` as shell on every `cd` into the project, so
// a write of one stays held when it runs anything else (a download, a substitution, a remote
// `source`), exports a secret or a variable that changes what other programs load or where they
// connect, or is the one in home (docs/guard.md "Shell analysis").
import { normalizePath } from '../sensitive-paths.js';
import { writtenText } from './sensitive-paths.js';

/** direnv's standard-library calls whose operands are local paths or version names. */
const STDLIB =
  /^(?:use\s+(?:flake|nix|asdf|mise|rtx|node|nodejs|python|ruby|go|julia|vim|guix)|layout\s+(?:python[23]?|node|ruby|go|perl|php|pipenv|poetry|pyenv|anaconda|julia|uv)|dotenv(?:_if_exists)?|source_env(?:_if_exists)?|source_up(?:_if_exists)?|watch_file|watch_dir|PATH_add|path_add\s+\w+|MANPATH_add|strict_env|unstrict_env|env_vars_required)(?:\s+(?:[\w.@:+-]+(?:\/[\w.@:+-]*)*|"[\w.@/ :+-]*"))*$/;
/** A flake or path operand naming somewhere else (`use flake github:x/y`, `source_env /tmp/x`). */
const REMOTE_OPERAND = /\s(?:[\w+-]+:|\/|~|\.\.\/\.\.)/;
/** `export NAME=VALUE` with a literal value, or one naming only `$PWD`/`$HOME`-style variables. */
const EXPORT =
  /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"`$\\]|\$\{?(?:PWD|HOME|PATH|USER)\}?)*"|'[^']*'|(?:[^\s"'`$;&|<>()\\]|\$\{?(?:PWD|HOME|PATH|USER)\}?)*)$/;
/** Variables that change what other programs load, run or connect through. */
const LOADER_NAME =
  /PROXY|^LD_|^DYLD_|^NODE_OPTIONS$|STARTUP|^PROMPT_COMMAND$|^BASH_ENV$|^ENV$|^GIT_|^SSH_|REGISTRY|INDEX_URL|GOPROXY|GOFLAGS|SUMDB|^PATH$|^PYTHONPATH$|^PS[0-9]$|^PAGER$|^EDITOR$|^VISUAL$/i;
/** Secrets' names: a literal one in the file is a secret written down. */
const SECRET_NAME = /SECRET|TOKEN|PASSW|KEY|CREDENTIAL|AUTH/i;
/**
 * `export NAME=$(op read 'op://...')`: a secret manager's read of one value, the documented way to
 * keep secrets out of the file (docs/guard.md "Detectors"). Operands are plain words or quoted
 * literals, so nothing else runs: 1Password `op read`, `vault kv get -field=F`, `doppler secrets
 * get --plain`, `aws secretsmanager get-secret-value --query SecretString`, `pass show`, `gopass
 * show`, `security find-generic-password -w`, `bw get password`, `gcloud secrets versions access`.
 */
const SECRET_READ =
  /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=("?)\$\((?:op\s+read|vault\s+(?:kv\s+get|read)|doppler\s+secrets\s+get|aws\s+secretsmanager\s+get-secret-value|pass\s+show|gopass\s+show|security\s+find-generic-password|bw\s+get\s+(?:password|notes)|gcloud\s+secrets\s+versions\s+access|az\s+keyvault\s+secret\s+show)(?:\s+(?:[\w.@:/=,+%-]+|'[^'\\]*'|"[^"$`\\]*"))*\s*\)\2$/;

function plainLine(raw: string): boolean {
  const line = raw.trim();
  if (line === '' || line.startsWith('#')) return true;
  if (STDLIB.test(line)) return !REMOTE_OPERAND.test(line);
  const read = SECRET_READ.exec(line);
  if (read !== null) return !LOADER_NAME.test(read[1] ?? '');
  const m = EXPORT.exec(line);
  return m !== null && !LOADER_NAME.test(m[1] ?? '') && !SECRET_NAME.test(m[1] ?? '');
}

/** Whether a file tool writes a project's `.envrc` whose every written line is a plain setting. */
export function plainEnvrcWrite(path: string, args: Record<string, unknown>): boolean {
  const n = normalizePath(path);
  if (!/\/\.envrc$/.test(n) || /^~\/\.envrc$/.test(n)) return false;
  const text = writtenText(args);
  return text !== null && text.length <= 16_384 && text.split('\n').every(plainLine);
}
