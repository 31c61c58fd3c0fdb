// One command of plain words, split without a syntax tree (docs/guard.md "Shell analysis").
import { NOT_SIMPLE } from '../simple-script.js';

/** Words of characters no shell expansion, quoting or operator touches, one space apart. */
const PLAIN = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./:@%+,-][A-Za-z0-9_./:@%+,=-]*)*$/;

/**
 * The argv of a script that is one simple command of plain words (`git status`, `npm run build`),
 * which the grammar parses into exactly these words: no tree is built for it. Null otherwise.
 */
export function plainCommand(source: string): string[] | null {
  if (source.length > 4096 || !PLAIN.test(source)) return null;
  const words = source.split(' ');
  return NOT_SIMPLE.has(words[0] ?? '') ? null : words;
}
