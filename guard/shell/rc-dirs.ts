// Folders and programs a shell start-up line may name without handing the shell to someone else
// (docs/guard.md "Shell analysis").

/** Variables that only say where tools or their settings live; a value here names paths. */
export const PATH_VARS: ReadonlySet<string> = new Set([
  'PATH',
  'MANPATH',
  'GOPATH',
  'GOBIN',
  'GOROOT',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'PNPM_HOME',
  'BUN_INSTALL',
  'DENO_INSTALL',
  'VOLTA_HOME',
  'JAVA_HOME',
  'ANDROID_HOME',
  'ANDROID_SDK_ROOT',
  'ANDROID_NDK_HOME',
  'NVM_DIR',
  'PYENV_ROOT',
  'RBENV_ROOT',
  'NODENV_ROOT',
  'GOENV_ROOT',
  'GEM_HOME',
  'SDKMAN_DIR',
  'ASDF_DATA_DIR',
  'PIPX_HOME',
  'PIPX_BIN_DIR',
  'POETRY_HOME',
  'FNM_DIR',
  'N_PREFIX',
  'FLUTTER_ROOT',
  'GRADLE_USER_HOME',
  'M2_HOME',
  'MAVEN_HOME',
  'WORKON_HOME',
  'ZSH',
  'KUBECONFIG',
  'DOCKER_CONFIG',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
]);

/** A folder the user or the system owns: under home, or a standard tool prefix (never /tmp). */
const OWNED_DIR =
  /^(?:(?:\$HOME|\$\{HOME\}|~)(?:\/[\w.@+-]+)*|\/(?:usr|opt|snap|nix)(?:\/[\w.@+-]+)*|\/home\/[\w.-]+(?:\/[\w.@+-]+)*|\/Users\/[\w.-]+(?:\/[\w.@+-]+)*)\/?$/;

/** An owned folder, or one below another tool-home variable (`$GOPATH/bin`, `${PNPM_HOME}`). */
export function ownedDir(d: string): boolean {
  const v = /^\$\{?([A-Z_][A-Z0-9_]*)\}?((?:\/[\w.@+-]+)*)\/?$/.exec(d);
  if (d.split('/').includes('..')) return false;
  return OWNED_DIR.test(d) || (v !== null && v[1] !== 'PATH' && PATH_VARS.has(v[1] ?? ''));
}

/** The text inside matching quotes, the word itself unquoted, or null for an unclosed quote. */
export function unquote(v: string): string | null {
  const q = v[0];
  if (q === '"' || q === "'") return v.length > 1 && v.endsWith(q) ? v.slice(1, -1) : null;
  return v;
}

/** Programs a start-up line must not run: they fetch, spawn shells, escalate or evaluate text. */
export const RISKY_PROGRAM =
  /^(?:sudo|su|doas|curl|wget|nc|ncat|socat|sh|bash|zsh|fish|dash|eval|source|\.|exec|base64|openssl|ssh|scp|rm|dd|python[\d.]*|perl|ruby|node|osascript|pwsh|powershell)$/;
