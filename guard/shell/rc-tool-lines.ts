// Start-up lines that tools' installers document: `eval` of the installed tool's own hook, sourcing
// the tool's own environment file, conda's managed block and zsh's completion set-up
// (docs/guard.md "Shell analysis").
import { ownedDir } from './rc-dirs.js';

/**
 * Tools whose documented start-up line is `eval "$(TOOL init zsh)"` or alike: the hook comes from
 * the installed program, not from the file.
 */
const HOOK_TOOLS =
  /^(?:direnv|starship|zoxide|pyenv|rbenv|nodenv|goenv|fnm|mise|atuin|thefuck|conda|pyenv-virtualenv|brew)$/;
const HOOK_WORD =
  /^(?:hook|init|activate|env|shellenv|virtualenv-init|-|--path|--use-on-cd|--alias|--cmd|shell\.(?:zsh|bash|fish)|zsh|bash|fish|cd|j|z)$/;

/** `eval "$(direnv hook zsh)"`, `eval "$(/opt/homebrew/bin/brew shellenv)"`, fish's `| source`. */
function hookLine(t: string): boolean {
  const m =
    /^eval\s+"\$\(([^()`$;&|<>"']+)\)"$/.exec(t) ??
    /^eval\s+"\$\((\$HOME\/[^()`;&|<>"']+)\)"$/.exec(t) ??
    /^([^()`$;&|<>"']+)\s*\|\s*source$/.exec(t);
  if (m === null) return false;
  const [program = '', ...words] = (m[1] ?? '').trim().split(/\s+/);
  const slash = program.lastIndexOf('/');
  const dir = slash < 0 ? null : program.slice(0, slash);
  if (dir !== null && !ownedDir(dir)) return false;
  return HOOK_TOOLS.test(program.slice(slash + 1)) && words.every((w) => HOOK_WORD.test(w));
}

/** Where a tool keeps the folder its installer names, as the documented lines spell it. */
const TOOL_HOME = String.raw`(?:\$HOME|\$\{HOME\}|~)`;
/**
 * Environment files tools' installers tell the shell to load: rustup's `~/.cargo/env`, uv's
 * `~/.local/bin/env`, nvm, sdkman, bun, ghcup, asdf, deno and oh-my-zsh's own script.
 */
const TOOL_ENV_FILE = new RegExp(
  String.raw`^(?:${TOOL_HOME}/(?:\.cargo/env|\.local/bin/env|\.deno/env|\.ghcup/env|\.bun/_bun|\.asdf/asdf\.(?:sh|fish)|\.nvm/(?:nvm\.sh|bash_completion)|\.sdkman/bin/sdkman-init\.sh|\.oh-my-zsh/oh-my-zsh\.sh)|\$\{?NVM_DIR\}?/(?:nvm\.sh|bash_completion)|\$\{?SDKMAN_DIR\}?/bin/sdkman-init\.sh|\$\{?ZSH\}?/oh-my-zsh\.sh|/(?:opt/homebrew|usr/local)/opt/(?:nvm/(?:nvm\.sh|etc/bash_completion\.d/nvm)|asdf/libexec/asdf\.sh))$`,
);

/** A sourced path as written: bare, or in double quotes. */
function toolFile(w: string): boolean {
  const f = /^"[^"]*"$/.test(w) ? w.slice(1, -1) : w;
  return TOOL_ENV_FILE.test(f);
}

/** `. "$HOME/.cargo/env"`, `[ -s "$NVM_DIR/nvm.sh" ] && \. "$NVM_DIR/nvm.sh"  # This loads nvm`. */
function toolEnvLine(t: string): boolean {
  const line = t.replace(/\s+#[^"'`$]*$/, '');
  const m =
    /^(?:(?:\[\[?\s+-[sfe]\s+(\S+)\s+\]\]?|test\s+-[sfe]\s+(\S+))\s+&&\s+)?(?:\\?\.|source)\s+(\S+)$/.exec(
      line,
    );
  if (m === null) return false;
  const tested = m[1] ?? m[2];
  return toolFile(m[3] ?? '') && (tested === undefined || toolFile(tested));
}

/** zsh's completion and option set-up: builtins that load zsh's own functions. */
function zshSetupLine(t: string): boolean {
  return (
    /^autoload\s+(?:-[Uz]+\s+)?(?:compinit|bashcompinit|colors|promptinit|vcs_info)(?:\s+(?:compinit|bashcompinit|colors|promptinit|vcs_info))*$/.test(
      t,
    ) ||
    /^(?:compinit|bashcompinit)(?:\s+-[iCuU]+)?$/.test(t) ||
    /^(?:setopt|unsetopt)(?:\s+[A-Za-z_]+)+$/.test(t)
  );
}

/** One line of what `conda init` writes between its markers, for an owned conda prefix. */
function condaBlockLine(t: string): boolean {
  const setup =
    /^__conda_setup="\$\('([^']+)\/bin\/conda' 'shell\.(?:bash|zsh)' 'hook' 2> \/dev\/null\)"$/.exec(
      t,
    );
  if (setup !== null) return ownedDir(setup[1] ?? '');
  const test = /^if \[ -f "([^"]+)\/etc\/profile\.d\/conda\.sh" \]; then$/.exec(t);
  if (test !== null) return ownedDir(test[1] ?? '');
  const load = /^\. "([^"]+)\/etc\/profile\.d\/conda\.sh"$/.exec(t);
  if (load !== null) return ownedDir(load[1] ?? '');
  return /^(?:if \[ \$\? -eq 0 \]; then|eval "\$__conda_setup"|else|fi|unset __conda_setup)$/.test(
    t,
  );
}

/**
 * Removes each complete `conda init` block whose lines are all conda's own for an owned prefix;
 * any other block is left in place for the line checks to refuse.
 */
export function withoutCondaBlocks(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] ?? '').trim();
    const end = lines.findIndex((l, j) => j > i && l.trim() === '# <<< conda initialize <<<');
    if (t !== '# >>> conda initialize >>>' || end < 0) {
      out.push(lines[i] ?? '');
      continue;
    }
    const body = lines.slice(i + 1, end).map((l) => l.trim());
    const own = body.every(
      (l) => l === '' || l.startsWith('#') || condaBlockLine(l) || /^export PATH="[^"]+"$/.test(l),
    );
    if (!own) {
      out.push(lines[i] ?? '');
      continue;
    }
    // the block's PATH line still goes through the folder check
    out.push(...body.filter((l) => l.startsWith('export PATH=')));
    i = end;
  }
  return out;
}

/** A tool's documented hook, environment file or zsh set-up line. */
export function toolLine(t: string): boolean {
  return hookLine(t) || toolEnvLine(t) || zshSetupLine(t);
}
