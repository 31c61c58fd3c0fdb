// Lines a shell start-up file may gain without running anything new: search-path and tool-home
// settings that name fixed folders (docs/guard.md "Shell analysis").

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

/** `export PATH="$HOME/.cargo/bin:$PATH"`, `GOPATH=$HOME/go`, `fish_add_path ~/.local/bin`. */
function harmlessLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
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
