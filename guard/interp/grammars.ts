// The Python and JavaScript grammars (tree-sitter-python, tree-sitter-javascript) on the web-tree-sitter the shell uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

export type CodeLanguage = 'python' | 'javascript';

export interface CodeParsers {
  python: Parser;
  javascript: Parser;
}

/**
 * Loads both grammars. Call after `Parser.init` (guard/shell/parser.ts does): the bytes are read
 * from the installed packages, never fetched.
 *
 * @throws {Error} when a grammar package is missing or its wasm does not load
 * @example
 * const code = await loadCodeParsers();
 * code.python.parse('import shutil');
 */
export async function loadCodeParsers(): Promise<CodeParsers> {
  const require = createRequire(import.meta.url);
  const load = async (pkg: string): Promise<Parser> => {
    const lang = await Language.load(readFileSync(require.resolve(`${pkg}/${pkg}.wasm`)));
    const p = new Parser();
    p.setLanguage(lang);
    return p;
  };
  return {
    python: await load('tree-sitter-python'),
    javascript: await load('tree-sitter-javascript'),
  };
}

/** Which grammar reads an interpreter's code, or null (Perl, Ruby and others: see perl-ruby.ts). */
export function languageOf(interpreter: string): CodeLanguage | null {
  if (/^python/.test(interpreter)) return 'python';
  if (interpreter === 'node' || interpreter === 'deno' || interpreter === 'bun')
    return 'javascript';
  return null;
}
