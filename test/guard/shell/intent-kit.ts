// The shell-intent suites' shared set-up: one tree-sitter parser per file, the intents a command
// raises, and the table check that each case raises its intent while its near-miss twins do not.
import { beforeAll, expect, it } from 'vitest';
import { loadShellParser, type ShellParser } from '../../../guard/shell/parser.js';
import { analyzeShell } from '../../../guard/shell/analyze/index.js';
import { classify, type Intent } from '../../../guard/shell/intents.js';
import { onServer } from '../../../guard/shell/server-folder.js';

/** Each intent: commands that must raise it, and their near-miss twins that must not. */
export type IntentTable = [Intent, string[], string[]][];

/** The non-blank lines of a block of commands, one command a line, trimmed. */
export const commandLines = (block: string): string[] =>
  block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

export interface ShellKit {
  /** The file's parser; only valid inside tests (loaded in beforeAll). */
  parser: () => ShellParser;
  /** The distinct intents `s` raises; the command must parse. */
  intents: (s: string) => Intent[];
}

/** Loads the parser before the file's tests; call at the top level of a test file. */
export function useShellKit(): ShellKit {
  let parser: ShellParser | undefined;
  beforeAll(async () => {
    parser = await loadShellParser();
  });
  const get = (): ShellParser => {
    if (parser === undefined) throw new Error('the shell parser is loaded in beforeAll');
    return parser;
  };
  return {
    parser: get,
    intents: (s) => {
      const a = analyzeShell(get(), s);
      expect(a.status, s).toBe('ok');
      // as a call with no folder raises them: a reset naming no environment is a server's only there
      return [...new Set(onServer(classify(a, s), undefined).map((h) => h.intent))];
    },
  };
}

/** One test per row and direction, each case named in its failure. */
export function itRaisesIntents(kit: ShellKit, table: IntentTable): void {
  for (const [intent, hits, twins] of table) {
    it(`${intent}: raised by each case`, () => {
      for (const s of hits) expect(kit.intents(s), s).toContain(intent);
    });
    it(`${intent}: not raised by the near-miss twins`, () => {
      for (const s of twins) expect(kit.intents(s), s).not.toContain(intent);
    });
  }
}
