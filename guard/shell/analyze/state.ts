// The state one analysis carries through its walk, and each place (docs/guard.md "Shell analysis").
import type { ShellParser } from '../parser.js';
import type { ShellAnalysis, ShellCommand, ShellLimits, ShellStatus } from '../model.js';
import type { Expander } from '../expand.js';

/** Most functions and aliases one script, or one session, keeps. */
export const MAX_DEFINITIONS = 256;

export interface Walk {
  parser: ShellParser;
  limits: ShellLimits;
  out: ShellAnalysis;
  args: number;
  pipelines: number;
  status: ShellStatus;
  deadline: number;
  steps: number;
  /** Variables the script assigns, in walk order, shared with `eval` and `sh -c` bodies. */
  expand: Expander;
  /** Shell functions defined so far (name to body text): a call re-parses the body with its words. */
  functions: Map<string, string>;
  /** Functions being expanded now: a recursive call is not expanded again. */
  calling: Set<string>;
  /** Files the script writes from a heredoc (`cat > x.py <<EOF`), by the path as written. */
  files: Map<string, string>;
}

/** Where the walk is: the place fields every command read here gets (model.ts), and more. */
export interface Place extends Pick<
  ShellCommand,
  'pipeline' | 'stage' | 'stages' | 'redirects' | 'substitution' | 'nested' | 'stdin' | 'via'
> {
  /** Under a branch, loop, list, pipeline or function: an assignment here may not happen. */
  branch: boolean;
  /** Plain words the grammar left out of the command before its redirect (`git a - 2>f`). */
  dropped?: { readonly id: number; readonly words: readonly string[] } | undefined;
}

/** The first failure stays the analysis's status. */
export function fail(w: Walk, status: ShellStatus): void {
  if (w.status === 'ok') w.status = status;
}
