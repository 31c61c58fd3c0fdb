// Bash word forms (quoting, ANSI-C strings, concatenation) reduced to the text a command receives.
import type { Node } from './parser.js';

const ANSI: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  e: '\x1b',
  '0': '\0',
};

function ansiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_m, c: string) => {
    if (c.startsWith('x')) return String.fromCharCode(parseInt(c.slice(1), 16));
    if (/^[0-7]+$/.test(c) && c !== '0') return String.fromCharCode(parseInt(c, 8));
    return ANSI[c] ?? c;
  });
}

/** The literal text of a word-like node; expansions stay as written (`$HOME`), quotes are removed. */
export function wordText(node: Node): string {
  switch (node.type) {
    case 'word':
      return node.text.replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return ansiC(node.text.slice(2, -1));
    case 'string': {
      const t = node.text;
      return t.startsWith('$"') ? t.slice(2, -1) : t.slice(1, -1);
    }
    case 'concatenation':
      return node.namedChildren.map((c) => wordText(c)).join('');
    default:
      return node.text;
  }
}
