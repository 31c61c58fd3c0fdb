// Lines a shell start-up file may gain without running anything new: search-path and tool-home
// settings that name fixed folders, plain configuration exports, oh-my-zsh plugin lists, known
// tools' documented start-up lines and aliases of plain programs (docs/guard.md "Shell analysis").
import { envLine } from './rc-env-lines.js';
import { ownedDir, RISKY_PROGRAM, unquote } from './rc-dirs.js';
import { toolLine, withoutCondaBlocks } from './rc-tool-lines.js';
import { SHELL_STARTUP } from '../sensitive-paths.js';

/** Shell start-up files, by their normalised path. */
export const isShellRc = (normalized: string): boolean => SHELL_STARTUP.test(normalized);

/** Names an alias must not shadow: they handle privileges, keys, history or moving about. */
const SHADOWED =
  /^(?:sudo|su|doas|ssh|scp|sftp|git|gpg|cd|ls|cat|rm|cp|mv|ln|chmod|chown|curl|wget|nc|sh|bash|zsh|fish|python3?|node|npm|npx|pip3?|echo|printf|export|source|exec|eval|alias|unalias|builtin|command|env|kill|history|clear|exit|type|which|test|\[|\.)$/;

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

/** `export PATH="$HOME/.cargo/bin:$PATH"`, `eval "$(direnv hook zsh)"`, `fish_add_path ~/.local/bin`. */
function harmlessLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  // oh-my-zsh's plugin list names plugins it ships; it runs nothing else
  if (/^plugins=\((?:\s*[\w-]+)*\s*\)$/.test(t)) return true;
  if (toolLine(t) || aliasLine(t) || envLine(t)) return true;
  const fish = /^fish_add_path\s+(\S+)$/.exec(t);
  return fish !== null && ownedDir(fish[1] ?? '');
}

/** Every line of `text` only sets tool folders or plain settings, or is a tool's own start-up line. */
export function harmlessRcText(text: string): boolean {
  return text.length <= 4096 && withoutCondaBlocks(text.split('\n')).every(harmlessLine);
}
