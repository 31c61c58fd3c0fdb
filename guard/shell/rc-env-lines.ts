// Start-up lines that export plain configuration: tool folders, an editor or pager that is a plain
// program, and settings with literal values (docs/guard.md "Shell analysis").
import { ownedDir, PATH_VARS, RISKY_PROGRAM, unquote } from './rc-dirs.js';

/**
 * Settings whose value is a word the tool reads (a locale, a region, an opt-out flag): none of
 * them names code to load, a host to reach, a certificate to trust or a registry to install from.
 */
const SETTING_VARS = new Set([
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'CLICOLOR',
  'LSCOLORS',
  'COLORTERM',
  'ZSH_THEME',
  'GO111MODULE',
  'CGO_ENABLED',
  'NODE_ENV',
  'RAILS_ENV',
  'RACK_ENV',
  'AWS_PROFILE',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'CLOUDSDK_CORE_PROJECT',
  'GOOGLE_CLOUD_PROJECT',
  'DOCKER_DEFAULT_PLATFORM',
  'DOCKER_BUILDKIT',
  'COMPOSE_DOCKER_CLI_BUILD',
  'HOMEBREW_NO_ANALYTICS',
  'HOMEBREW_NO_AUTO_UPDATE',
  'HOMEBREW_NO_ENV_HINTS',
  'DOTNET_CLI_TELEMETRY_OPTOUT',
  'NEXT_TELEMETRY_DISABLED',
  'DO_NOT_TRACK',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONUNBUFFERED',
  'PIPENV_VENV_IN_PROJECT',
  'POETRY_VIRTUALENVS_IN_PROJECT',
  'VIRTUAL_ENV_DISABLE_PROMPT',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'BAT_THEME',
]);
/** Variables that name the program an editor or pager call runs. */
const PROGRAM_VARS = new Set([
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'KUBE_EDITOR',
  'PAGER',
  'MANPAGER',
]);

/** `code --wait`, `nvim`, `less -R`: a plain program (on the search path or owned) and options. */
function plainProgram(value: string): boolean {
  if (!/^[\w./:=@+, -]{1,256}$/.test(value)) return false;
  const [program = '', ...rest] = value.trim().split(/\s+/);
  const slash = program.lastIndexOf('/');
  if (slash >= 0 && !ownedDir(program.slice(0, slash))) return false;
  return (
    program !== '' &&
    !RISKY_PROGRAM.test(program.slice(slash + 1)) &&
    rest.every((w) => w.startsWith('-'))
  );
}

/** Whether `name=value` (the value already unquoted) only configures where or how tools work. */
function plainSetting(name: string, value: string): boolean {
  if (PROGRAM_VARS.has(name)) return plainProgram(value);
  // a substitution, a second command or a redirection runs something each time a shell starts
  if (/[`$]\(|[;&|<>`\\"']/.test(value)) return false;
  if (SETTING_VARS.has(name)) return /^[\w.,:@/+=-]{0,256}$/.test(value) && !value.includes('$');
  if (!PATH_VARS.has(name)) return false;
  return value
    .split(':')
    .every((d) => d === `$${name}` || d === `\${${name}}` || (d !== '' && ownedDir(d)));
}

/**
 * Documented lines that set a tool's folder from a program printing it: macOS's `java_home`,
 * Homebrew's prefix, Go's module folder, pyenv's and rbenv's roots. Each program only prints a
 * path, from a fixed place or by name, with nothing read from the line but a version or formula.
 */
const PATH_PRINTER =
  /^export\s+(?:JAVA_HOME|HOMEBREW_PREFIX|GOPATH|PYENV_ROOT|RBENV_ROOT)=("?)\$\((?:\/usr\/libexec\/java_home(?: -v [\d.+]{1,8})?|brew --prefix(?: [a-z][\w@.+-]{0,63})?|go env GOPATH|pyenv root|rbenv root)\)\1$/;

/** `export KUBECONFIG="$HOME/.kube/config"`, `EDITOR=nvim`, fish's `set -gx GOPATH $HOME/go`. */
export function envLine(t: string): boolean {
  // gpg's documented line: the terminal it asks for a passphrase on
  if (/^export\s+GPG_TTY=\$\(tty\)$/.test(t)) return true;
  if (PATH_PRINTER.test(t)) return true;
  const sh = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(\S+|"[^"]*"|'[^']*')$/.exec(t);
  if (sh !== null) {
    const value = unquote(sh[2] ?? '');
    return value !== null && plainSetting(sh[1] ?? '', value);
  }
  const fish = /^set\s+(?:-[gxU]+\s+)+([A-Z_][A-Z0-9_]*)\s+(.+)$/.exec(t);
  if (fish === null) return false;
  const words = (fish[2] ?? '').trim().split(/\s+/).map(unquote);
  if (words.some((w) => w === null)) return false;
  const name = fish[1] ?? '';
  const value = words.join(PROGRAM_VARS.has(name) ? ' ' : ':');
  return plainSetting(name, value);
}
