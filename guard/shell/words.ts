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
};

/** Decodes ANSI-C escapes (`\x72`, `\155`, `\n`) as `$'...'` and `printf` do. */
export function ansiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (_m, c: string) => {
    if (c.startsWith('x')) return String.fromCharCode(parseInt(c.slice(1), 16));
    if (/^[0-7]+$/.test(c)) return String.fromCharCode(parseInt(c, 8));
    return ANSI[c] ?? c;
  });
}

/**
 * Removes bash quoting from one word as written (`r''m`, `"$HOME"/x`, `$'\x72m'`, `\rm`):
 * expansions stay as written, quotes and escapes go. One pass over the text, no tree walk.
 */
export function unquote(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i + 1, stop);
      i = stop + 1;
    } else if (c === '$' && text[i + 1] === "'") {
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      out += ansiC(text.slice(i + 2, j));
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        const d = text[j] ?? '';
        const next = text[j + 1] ?? '';
        if (d === '\\' && '"\\$`\n'.includes(next)) {
          out += next;
          j += 2;
        } else {
          out += d;
          j++;
        }
      }
      i = j + 1;
    } else if (c === '\\') {
      out += text[i + 1] ?? '';
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The literal text of a word-like node. */
export function wordText(node: Node): string {
  switch (node.type) {
    case 'word':
    case 'raw_string':
    case 'ansi_c_string':
    case 'string':
    case 'concatenation':
      return unquote(node.text);
    default:
      return node.text;
  }
}
