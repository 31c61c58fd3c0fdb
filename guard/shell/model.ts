// The shell analysis model: every simple command a script would run, after unwrapping and re-parsing.
import type { IntentHit } from './intents.js';

export interface Redirect {
  /** The operator as written: `>`, `>>`, `<`, `&>`, `>&`, `<<`, `<<<`. */
  op: string;
  target: string;
}

export interface ShellCommand {
  /** The effective argv after wrappers (sudo, env, xargs, nohup, timeout, ...) are removed. */
  argv: string[];
  /** Basename of argv[0]; empty for a bare assignment. */
  name: string;
  /** The wrappers that were removed, outermost first. */
  wrappers: string[];
  /** Pipeline this command is a stage of (same id = same pipeline), or -1. */
  pipeline: number;
  stage: number;
  stages: number;
  redirects: Redirect[];
  /** Set when the command came from a `$(...)`, `<(...)` or backtick substitution. */
  substitution: boolean;
  /** Set when the command came from re-parsing a `sh -c`, `eval` or heredoc body. */
  nested: number;
  /** Body text of a heredoc or here-string fed to this command. */
  stdin?: string;
  /**
   * Set when the command word itself is only known at run time (an unknown variable, an opaque
   * `$(...)`): what runs cannot be read from the script.
   */
  dynamic?: true;
  /** Set when the command word derives from a download, socket or decoder. */
  tainted?: true;
  /**
   * The program whose documented hook runs this command (awk's `system()`, `vim -c ':!...'`, git's
   * `core.pager`, `find -exec`), when it is not a shell.
   */
  via?: string;
  /**
   * Variables assigned before the command word (`PGPASSWORD="$(vault kv get ...)" psql`), set in
   * this command's environment only; `substituted` when the value holds a substitution.
   */
  env?: { name: string; substituted: boolean }[];
}

/** Code handed to an interpreter (`python -c`, `node -e`, a heredoc fed to `python`). */
export interface InlineScript {
  interpreter: string;
  code: string;
  /** What the code was read to do (guard/interp/), beyond the shell it runs. */
  hits?: IntentHit[];
}

export type ShellStatus =
  'ok' | 'parse_error' | 'too_large' | 'too_many_args' | 'too_deep' | 'too_complex' | 'over_budget';

export interface ShellAnalysis {
  status: ShellStatus;
  commands: ShellCommand[];
  scripts: InlineScript[];
  /**
   * Functions and aliases defined by this script (name to body, an alias as `body "$@"`), with any
   * given to analyzeShell from earlier calls: a later call of the same session follows them.
   */
  definitions?: Map<string, string>;
}

export interface ShellLimits {
  /** Largest command in UTF-8 bytes (16 KB). */
  maxBytes: number;
  /** Most arguments across all commands (4,096). */
  maxArgs: number;
  /** Deepest syntax tree nesting walked. */
  maxDepth: number;
  /** Most levels of `sh -c` / `eval` / heredoc re-parsing. */
  maxReparse: number;
  /** Most `|` characters (pipes, `||`): tree-sitter-bash parses long pipelines superlinearly. */
  maxPipes: number;
  /** Deepest bracket nesting seen by a scan before parsing. */
  maxBrackets: number;
  /** Wall-clock budget for parsing and walking one command, re-parses included, in ms. */
  maxMillis: number;
}

export const DEFAULT_SHELL_LIMITS: ShellLimits = {
  maxBytes: 16 * 1024,
  maxArgs: 4096,
  maxDepth: 256,
  maxReparse: 6,
  maxMillis: 30,
  maxPipes: 64,
  maxBrackets: 64,
};
