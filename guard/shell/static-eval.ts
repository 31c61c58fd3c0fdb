// Pure commands evaluated without running them (echo, printf, rev, tr, base64 -d, xxd -r -p): the text a
// `$(...)` or a pipe hands on, so a command assembled from it can be classified (bash manual §3.5.4).
import { ansiC } from './words.js';

/** One pipeline stage: its argv after expansion and the here-string or heredoc fed to it, if any. */
export interface PureStage {
  argv: readonly string[];
  stdin?: string;
}

type Filter = (input: string, args: readonly string[]) => string | null;

/** `printf FORMAT ARGS`: %s, %b, %c, %d and %% reused over the arguments like the builtin does. */
function printf(args: readonly string[]): string | null {
  const [format, ...rest] = args;
  if (format === undefined || /%[^%sbcdiu]/.test(format.replace(/%%/g, ''))) return null;
  const convs = format.replace(/%%/g, '').match(/%[sbcdiu]/g)?.length ?? 0;
  const rounds = convs === 0 ? 1 : Math.max(1, Math.ceil(rest.length / convs));
  if (rounds > 64) return null;
  const fmt = ansiC(format);
  let out = '';
  let i = 0;
  for (let round = 0; round < rounds; round++)
    out += fmt.replace(/%([%sbcdiu])/g, (_m, conv: string) => {
      if (conv === '%') return '%';
      const a = rest[i++] ?? '';
      if (conv === 'b') return ansiC(a);
      if (conv === 'c') return a.slice(0, 1);
      if (conv === 's') return a;
      return /^-?\d+$/.test(a) ? String(Number(a)) : '0';
    });
  return out;
}

function echo(args: readonly string[]): string {
  let i = 0;
  let escapes = false;
  let newline = true;
  for (; i < args.length && /^-[neE]+$/.test(args[i] ?? ''); i++) {
    const f = args[i] ?? '';
    if (f.includes('n')) newline = false;
    if (f.includes('e')) escapes = true;
    if (f.includes('E')) escapes = false;
  }
  const text = args.slice(i).join(' ');
  return (escapes ? ansiC(text) : text) + (newline ? '\n' : '');
}

/** `tr SET1 SET2` and `tr -d SET` with ranges (`a-z`), enough for rot13 and character deletion. */
function trSet(spec: string): string | null {
  const s = ansiC(spec);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const a = s.charCodeAt(i);
    if (s[i + 1] === '-' && i + 2 < s.length) {
      const b = s.charCodeAt(i + 2);
      if (b < a || b - a > 256) return null;
      for (let c = a; c <= b; c++) out += String.fromCharCode(c);
      i += 2;
    } else out += s.charAt(i);
  }
  return out.includes('[') ? null : out;
}

function tr(input: string, args: readonly string[]): string | null {
  if (args[0] === '-d' && args.length === 2) {
    const del = trSet(args[1] ?? '');
    return del === null ? null : Array.from(input, (c) => (del.includes(c) ? '' : c)).join('');
  }
  if (args.length !== 2) return null;
  const from = trSet(args[0] ?? '');
  const to = trSet(args[1] ?? '');
  if (from === null || to === null || to.length === 0) return null;
  return Array.from(input, (c) => {
    const k = from.indexOf(c);
    return k < 0 ? c : (to[Math.min(k, to.length - 1)] ?? c);
  }).join('');
}

/** Decoded bytes count only as text: a binary payload is not a command this analysis can read. */
function text(bytes: Buffer): string | null {
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return null;
  const s = bytes.toString('utf8');
  return s.includes('\ufffd') ? null : s;
}

const FILTERS: Record<string, Filter> = {
  cat: (input, args) =>
    args.length === 0 || (args.length === 1 && args[0] === '-') ? input : null,
  rev: (input, args) =>
    args.length === 0
      ? input
          .split('\n')
          .map((l) => Array.from(l).reverse().join(''))
          .join('\n')
      : null,
  tr,
  base64: (input, args) =>
    args.length === 1 && /^(?:-d|-D|--decode)$/.test(args[0] ?? '')
      ? /^[A-Za-z0-9+/=\s_-]*$/.test(input)
        ? text(Buffer.from(input.replace(/\s+/g, ''), 'base64'))
        : null
      : null,
  xxd: (input, args) => {
    if (!(args.includes('-r') && args.includes('-p')) || args.length !== 2) return null;
    const hex = input.replace(/\s+/g, '');
    return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? text(Buffer.from(hex, 'hex')) : null;
  },
};

/** Words a second parse leaves as they are (no quote, expansion or operator to re-read). */
const REPARSE_SAFE = /^[A-Za-z0-9_./~:=+,@%-]+$/;

/** `eval echo ~`: eval re-reads its words as a command, which for such plain words is the words. */
function evalWords(argv: readonly string[]): readonly string[] {
  if (argv[0] !== 'eval' || !argv.slice(1).every((a) => REPARSE_SAFE.test(a))) return argv;
  return argv.slice(1);
}

/**
 * The output of a pipeline of pure commands, or null when any stage is not one this evaluator
 * knows (or the text outgrows `max`). This value is attacker-controlled (an agent wrote it).
 */
export function evalPipeline(stages: readonly PureStage[], max: number): string | null {
  let out: string | null = null;
  for (const [i, st] of stages.entries()) {
    const [name, ...args] = evalWords(st.argv);
    let input: string | null = out;
    if (st.stdin !== undefined) input = `${st.stdin}\n`;
    if (name === 'echo' && i === 0) out = echo(args);
    else if (name === 'printf' && i === 0) out = printf(args);
    else {
      const f = name === undefined ? undefined : FILTERS[name];
      out = f === undefined || input === null ? null : f(input, args);
    }
    if (out === null || out.length > max) return null;
  }
  return out;
}
