// Glob patterns (`*`, `**`, `?`, `[abc]`) compiled to RE2, so matching is linear in the input.
import { RE2JS } from 're2js';

function escape(c: string): string {
  return /[\\^$.|?*+()[\]{}]/.test(c) ? `\\${c}` : c;
}

/** `*` stays within one path segment, `**` crosses segments; the whole string must match. */
export function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        out += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
        i = end;
      }
    } else out += escape(c);
  }
  return `^(?s:${out})$`;
}

export function compileGlob(glob: string): RE2JS {
  return RE2JS.compile(globToRegex(glob));
}
