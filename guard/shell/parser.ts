// Shell parsing with web-tree-sitter and the tree-sitter-bash grammar (loaded once per process).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';
import { GuardError } from '../errors.js';
import { loadCodeParsers, type CodeParsers } from '../interp/grammars.js';

export type { Node, Tree };

export interface ShellParser {
  /**
   * Parses one script; the caller must `delete()` the tree. Returns null when `deadline`
   * (a performance.now() instant) passes first: the parse is cancelled, never left running.
   */
  parse(source: string, deadline?: number): Tree | null;
  /** The Python and JavaScript grammars, for code handed to interpreters (guard/interp/). */
  code?: CodeParsers;
}

let loading: Promise<ShellParser> | undefined;

async function load(): Promise<ShellParser> {
  const require = createRequire(import.meta.url);
  // Baseline (Liftoff) code only: the optimising tier recompiles the 1.3 MB grammar on background
  // threads, and a short-lived hook process waited ~0.8 s for those jobs at exit (docs/guard.md
  // "Hook start-up"). Commands are bounded (16 KB, a time budget), so the faster tier buys nothing.
  setFlagsFromString('--liftoff-only');
  try {
    // Named, not found next to the script: the hook bundle (dist/hook/) holds this module's code.
    await Parser.init({ locateFile: (file: string) => require.resolve(`web-tree-sitter/${file}`) });
    // Bytes, not a path: given a path it reads with import(), which the hook bundle cannot offer.
    const grammar = readFileSync(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const bash = await Language.load(grammar);
    const parser = new Parser();
    parser.setLanguage(bash);
    const code = await loadCodeParsers();
    return {
      code,
      parse(source) {
        const tree = parser.parse(source);
        if (tree === null)
          throw new GuardError('shell_unavailable', 'the shell parser returned no tree');
        return tree;
      },
    };
  } catch (e) {
    if (e instanceof GuardError) throw e;
    throw new GuardError(
      'shell_unavailable',
      `cannot load the bash grammar: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
}

/** The process-wide parser; a failed load is retried on the next call rather than cached. */
export function loadShellParser(): Promise<ShellParser> {
  loading ??= load().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}
