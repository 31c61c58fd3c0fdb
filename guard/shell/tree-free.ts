// A shell analysis made before the bash grammar is loaded (docs/guard.md "Hook start-up"): most
// commands are plain words or simple lists the reader reads without a tree, so the grammar loads
// only for a command that needs one.
import type { CodeParsers } from '../interp/grammars.js';
import type { ShellParser } from './parser.js';

/** Thrown by the stand-in parser when an analysis reaches for a tree or the code grammars. */
class GrammarNeeded extends Error {}

const NO_GRAMMAR: ShellParser = {
  parse() {
    throw new GrammarNeeded('the bash grammar is not loaded');
  },
  get code(): CodeParsers | undefined {
    throw new GrammarNeeded('the code grammars are not loaded');
  },
};

/**
 * What `analyze` returns when it never needs a grammar, else undefined: the caller loads the grammar
 * and analyses again (the analysis is a pure function of the text, so the two readings agree).
 * @example treeFree((p) => analyzeShell(p, 'ls -la src')) // { status: 'ok', commands: [...] }
 */
export function treeFree<T>(analyze: (parser: ShellParser) => T): T | undefined {
  try {
    return analyze(NO_GRAMMAR);
  } catch (e) {
    if (e instanceof GrammarNeeded) return undefined;
    throw e;
  }
}
