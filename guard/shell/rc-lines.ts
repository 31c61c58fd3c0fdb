// Lines a shell start-up file may gain without running anything new: search-path and tool-home
// settings that name fixed folders, oh-my-zsh plugin lists, known tools' documented hooks and
// aliases of plain programs (docs/guard.md "Shell analysis").

/** Variables that only say where tools live; a value here names folders, it runs nothing. */
const PATH_VARS = new Set([
  'PATH',
  'MANPATH',
  'GOPATH',
  'GOBIN',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'PNPM_HOME',
  'BUN_INSTALL',
  'DENO_INSTALL',
  'VOLTA_HOME',
  'JAVA_HOME',
  'ANDROID_HOME',
  'ANDROID_SDK_ROOT',
  'NVM_DIR',
  'PYENV_ROOT',
  'GEM_HOME',
]);

/** A folder the user or the system owns: under home, or a standard tool prefix (never /tmp). */
const OWNED_DIR =
  /^(?:(?:\$HOME|\$\{HOME\}|~)(?:\/[\w.@+-]+)*|\/(?:usr|opt|snap|nix)(?:\/[\w.@+-]+)*|\/home\/[\w.-]+(?:\/[\w.@+-]+)*|\/Users\/[\w.-]+(?:\/[\w.@+-]+)*)\/?$/;

/** An owned folder, or one below another tool-home variable (`$GOPATH/bin`, `${PNPM_HOME}`). */
function ownedDir(d: string): boolean {
  const v = /^\$\{?([A-Z_][A-Z0-9_]*)\}?((?:\/[\w.@+-]+)*)\/?$/.exec(d);
  return OWNED_DIR.test(d) || (v !== null && v[1] !== 'PATH' && PATH_VARS.has(v[1] ?? ''));
}

function unquote(v: string): string | null {
  const q = v[0];
  if (q === '"' || q === "'") return v.length > 1 && v.endsWith(q) ? v.slice(1, -1) : null;
  return v;
}

/** Shell start-up files, by their normalised path. */
const SHELL_RC =
  /^~\/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|config\/fish\/config\.fish)$/;

export const isShellRc = (normalized: string): boolean => SHELL_RC.test(normalized);

/**
 * Tools whose documented start-up line is `eval "$(TOOL init zsh)"` or alike: the hook comes from
 * the installed program, not from the file (direnv, starship, zoxide, pyenv, rbenv, nodenv, fnm,
 * mise, atuin, thefuck, conda).
 */
const HOOK_TOOLS =
  /^(?:direnv|starship|zoxide|pyenv|rbenv|nodenv|fnm|mise|atuin|thefuck|conda|pyenv-virtualenv)$/;
const HOOK_WORD =
  /^(?:hook|init|activate|env|virtualenv-init|-|--path|--use-on-cd|--alias|--cmd|shell\.(?:zsh|bash|fish)|zsh|bash|fish|cd|j|z)$/;
/** Names an alias must not shadow: they handle privileges, keys, history or moving about. */
const SHADOWED =
  /^(?:sudo|su|doas|ssh|scp|sftp|git|gpg|cd|ls|cat|rm|cp|mv|ln|chmod|chown|curl|wget|nc|sh|bash|zsh|fish|python3?|node|npm|npx|pip3?|echo|printf|export|source|exec|eval|alias|unalias|builtin|command|env|kill|history|clear|exit|type|which|test|\[|\.)$/;
/** Programs an alias must not run: they fetch, spawn shells, escalate or evaluate text. */
const RISKY_PROGRAM =
  /^(?:sudo|su|doas|curl|wget|nc|ncat|socat|sh|bash|zsh|fish|eval|source|\.|exec|base64|openssl|ssh|scp|rm|dd|python3?|perl|ruby|node)$/;

/** `eval "$(direnv hook zsh)"`, `eval "$(~/.local/bin/mise activate zsh)"`. */
function hookLine(t: string): boolean {
  const m =
    /^eval\s+"\$\(([^()`$;&|<>"']+)\)"$/.exec(t) ??
    /^eval\s+"\$\((\$HOME\/[^()`;&|<>"']+)\)"$/.exec(t);
  if (m === null) return false;
  const [program = '', ...words] = (m[1] ?? '').trim().split(/\s+/);
  const slash = program.lastIndexOf('/');
  const dir = slash < 0 ? null : program.slice(0, slash);
  if (dir !== null && !ownedDir(dir)) return false;
  return HOOK_TOOLS.test(program.slice(slash + 1)) && words.every((w) => HOOK_WORD.test(w));
}

/** `alias k=kubectl`, `alias gs='git status'`: a new short name for a plain program. */
function aliasLine(t: string): boolean {
  const m = /^alias\s+([\w.-]+)=(.+)$/.exec(t);
  if (m === null) return false;
  const name = m[1] ?? '';
  const value = unquote(m[2] ?? '');
  if (value === null || SHADOWED.test(name) || !/^[\w./:=@+, -]+$/.test(value)) return false;
  const program = value.trim().split(/\s+/)[0] ?? '';
  return program !== '' && !program.includes('/') && !RISKY_PROGRAM.test(program);
}

/** `export PATH="$HOME/.cargo/bin:$PATH"`, `GOPATH=$HOME/go`, `fish_add_path ~/.local/bin`. */
function harmlessLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  // oh-my-zsh's plugin list names plugins it ships; it runs nothing else
  if (/^plugins=\((?:\s*[\w-]+)*\s*\)$/.test(t)) return true;
  if (hookLine(t) || aliasLine(t)) return true;
  const fish = /^fish_add_path\s+(\S+)$/.exec(t);
  if (fish !== null) return ownedDir(fish[1] ?? '');
  const m = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(\S+)$/.exec(t);
  if (m === null) return false;
  const name = m[1] ?? '';
  const value = unquote(m[2] ?? '');
  // a substitution, a second command or a redirection runs something each time a shell starts
  if (!PATH_VARS.has(name) || value === null || /[`$]\(|[;&|<>`\\"']/.test(value)) return false;
  return value
    .split(':')
    .every((d) => d === `$${name}` || d === `\${${name}}` || (d !== '' && ownedDir(d)));
}

/** Every line of `text` only sets search paths or tool homes to folders the user or system owns. */
export function harmlessRcText(text: string): boolean {
  return text.length <= 4096 && text.split('\n').every(harmlessLine);
}
