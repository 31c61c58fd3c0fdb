// Static word expansion (bash manual §3.5): parameters, command substitution, word splitting and brace
// expansion, resolved from what the script itself assigned; whatever depends on the run stays marked.
import type { Node } from './parser.js';
import { evalPipeline, type PureStage } from './static-eval.js';
import type { SimpleSubstitution, SimpleWord } from './simple-script.js';
import { unquote, wordText } from './words.js';

/** A variable as far as the script shows: its text, or null when only the run decides it. */
export interface VarValue {
  text: string | null;
  /** False when the assignment sits under a branch or loop and so may not have happened. */
  certain: boolean;
  /** Derived from a download, socket or decoder: never a value to trust as a command. */
  tainted: boolean;
}
export type ShellEnv = Map<string, VarValue>;

/** One word after expansion. */
export interface Field {
  text: string;
  /** Some part could not be resolved statically (unknown variable, opaque substitution). */
  dynamic: boolean;
  tainted: boolean;
}

interface Seg {
  text: string;
  /** Unquoted expansion result: subject to word splitting. */
  split: boolean;
  dynamic: boolean;
  tainted: boolean;
}

const DEFAULT_IFS = ' \t\n';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A word without these characters expands to its unquoted text (the fast path). */
const EXPANDS = /[$`{]/;
const TAINT_SOURCE =
  /\b(?:curl|wget|nc|ncat|netcat|socat|telnet|base64|base32|xxd|openssl|gunzip|zcat|uudecode|rev|dig|nslookup)\b/;
const MAX_BRACE_WORDS = 64;

function lit(text: string): Seg {
  return { text, split: false, dynamic: false, tainted: false };
}

/** Backslash escapes inside double quotes: only `\$`, `` \` ``, `\"`, `\\` and `\newline`. */
function dquoted(s: string): string {
  return s.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

/** `pre{a,b}post` words (one level per group, cartesian, bounded); quoted words never reach here. */
export function braces(word: string): string[] {
  const m = /^(.*?)\{([^{}]*,[^{}]*)\}(.*)$/s.exec(word);
  if (m === null) return [word];
  const [, pre = '', body = '', post = ''] = m;
  const out: string[] = [];
  const rests = braces(post);
  for (const alt of body.split(','))
    for (const rest of rests) {
      if (out.length >= MAX_BRACE_WORDS) return out;
      out.push(pre + alt + rest);
    }
  return out;
}

export class Expander {
  constructor(
    readonly env: ShellEnv,
    private readonly maxLength: number,
  ) {}

  /** The words `node` becomes in a command's argv (zero for an unquoted empty expansion). */
  fields(node: Node, depth = 0): Field[] {
    const raw = node.text;
    if (!EXPANDS.test(raw)) return [{ text: wordText(node), dynamic: false, tainted: false }];
    const segs: Seg[] = [];
    this.segs(node, false, segs, depth);
    return this.finish(raw, segs);
  }

  /**
   * What fields() gives for a word the simple-command reader split into literal text and
   * `$NAME`/`${NAME}` parameters (guard/shell/simple-script.ts): the same segments, without a tree.
   */
  simpleFields(word: SimpleWord): Field[] {
    return this.finish(word.raw, this.simpleSegs(word));
  }

  /** What value() gives for an assignment's value the simple-command reader read. */
  simpleValue(word: string | SimpleWord): Field {
    if (typeof word === 'string') return { text: word, dynamic: false, tainted: false };
    return this.joined(word.raw, this.simpleSegs(word));
  }

  private simpleSegs(word: SimpleWord): Seg[] {
    return word.parts.map((p) =>
      typeof p === 'string'
        ? lit(p)
        : 'pipeline' in p
          ? this.simpleSubstitution(p)
          : p.raw.startsWith('${')
            ? this.braced(p.raw.slice(2, -1), p.raw, p.quoted)
            : this.parameter(p.name, p.raw, null, p.quoted),
    );
  }

  /** What substitution() gives for a `$(...)` the simple-command reader read. */
  private simpleSubstitution(p: SimpleSubstitution): Seg {
    const tainted = TAINT_SOURCE.test(p.raw);
    const stages: PureStage[] = [];
    for (const cmd of p.pipeline) {
      const argv: string[] = [];
      for (const x of cmd.words)
        for (const f of typeof x === 'string' ? [lit(x)] : this.simpleFields(x)) {
          if (f.dynamic) return { text: p.raw, split: false, dynamic: true, tainted };
          argv.push(f.text);
        }
      stages.push({ argv });
    }
    return this.evaluated(p.raw, stages, p.quoted, tainted);
  }

  private finish(raw: string, segs: readonly Seg[]): Field[] {
    if (this.oversize(segs)) return [{ text: raw, dynamic: true, tainted: false }];
    if (segs.every((s) => !s.split && !s.dynamic) && !/['"\\$`]/.test(raw))
      return braces(segs.map((s) => s.text).join('')).map((text) => ({
        text,
        dynamic: false,
        tainted: false,
      }));
    return this.split(segs);
  }

  /** The text `node` expands to without splitting (assignment values, here-strings). */
  value(node: Node, depth = 0): Field {
    if (!EXPANDS.test(node.text)) return { text: wordText(node), dynamic: false, tainted: false };
    const segs: Seg[] = [];
    this.segs(node, node.type === 'string', segs, depth);
    return this.joined(node.text, segs);
  }

  private joined(raw: string, segs: readonly Seg[]): Field {
    if (this.oversize(segs)) return { text: raw, dynamic: true, tainted: false };
    return {
      text: segs.map((s) => s.text).join(''),
      dynamic: segs.some((s) => s.dynamic),
      tainted: segs.some((s) => s.tainted),
    };
  }

  /** `y=$x$x$x...` can grow a word geometrically: past the command bound it stays unresolved. */
  private oversize(segs: readonly Seg[]): boolean {
    let n = 0;
    for (const s of segs) n += s.text.length;
    return n > this.maxLength;
  }

  private ifs(): string {
    const v = this.env.get('IFS');
    return v?.text ?? DEFAULT_IFS;
  }

  private split(segs: readonly Seg[]): Field[] {
    const ifs = this.ifs();
    const out: Field[] = [];
    let cur: Field | null = null;
    for (const s of segs) {
      if (!s.split) {
        cur ??= { text: '', dynamic: false, tainted: false };
        cur.text += s.text;
        cur.dynamic ||= s.dynamic;
        cur.tainted ||= s.tainted;
        continue;
      }
      for (const ch of s.text) {
        if (ifs.includes(ch)) {
          if (cur !== null) out.push(cur);
          cur = null;
          continue;
        }
        cur ??= { text: '', dynamic: false, tainted: false };
        cur.text += ch;
        cur.dynamic ||= s.dynamic;
        cur.tainted ||= s.tainted;
      }
    }
    if (cur !== null) out.push(cur);
    return out;
  }

  /** Appends the pieces of `node`, with the literal text between its children, in source order. */
  private pieces(node: Node, quoted: boolean, out: Seg[], depth: number, inner: number): void {
    const text = node.text;
    let at = inner;
    const end = text.length - inner;
    for (const c of node.namedChildren) {
      const s = c.startIndex - node.startIndex;
      if (s > at) out.push(lit(quoted ? dquoted(text.slice(at, s)) : unquote(text.slice(at, s))));
      this.segs(c, quoted, out, depth + 1);
      at = c.endIndex - node.startIndex;
    }
    if (end > at)
      out.push(lit(quoted ? dquoted(text.slice(at, end)) : unquote(text.slice(at, end))));
  }

  private segs(node: Node, quoted: boolean, out: Seg[], depth: number): void {
    if (depth > 32) {
      out.push({ text: node.text, split: false, dynamic: true, tainted: false });
      return;
    }
    switch (node.type) {
      case 'string':
        if (!EXPANDS.test(node.text)) out.push(lit(unquote(node.text)));
        else this.pieces(node, true, out, depth, 1);
        return;
      case 'string_content':
        out.push(lit(quoted ? dquoted(node.text) : node.text));
        return;
      case 'concatenation':
        this.pieces(node, quoted, out, depth, 0);
        return;
      case 'word':
      case 'number':
      case 'raw_string':
      case 'ansi_c_string':
        out.push(lit(quoted ? node.text : unquote(node.text)));
        return;
      case 'simple_expansion':
      case 'expansion': {
        // tree-sitter-bash starts an expansion inside a string at the whitespace before its `$`
        // (`"$X $Y"`): that whitespace is literal text, not part of the parameter's name.
        const at = node.text.indexOf('$');
        if (at > 0) out.push(lit(node.text.slice(0, at)));
        const raw = node.text.slice(Math.max(0, at));
        out.push(
          node.type === 'expansion'
            ? this.braced(raw.slice(2, -1), raw, quoted)
            : this.parameter(raw.slice(1), raw, null, quoted),
        );
        return;
      }
      case 'command_substitution':
        out.push(this.substitution(node, quoted, depth));
        return;
      default:
        out.push({ text: node.text, split: false, dynamic: true, tainted: false });
    }
  }

  private parameter(name: string, raw: string, fallback: string | null, quoted: boolean): Seg {
    if (!NAME.test(name)) {
      const special = /^[@*#?$!0-9-]/.test(name);
      return { text: raw, split: false, dynamic: special, tainted: false };
    }
    if (name === 'IFS') return { text: this.ifs(), split: !quoted, dynamic: false, tainted: false };
    const v = this.env.get(name);
    if (v?.text != null)
      return { text: v.text, split: !quoted, dynamic: !v.certain, tainted: v.tainted };
    const tainted = v?.tainted ?? false;
    if (fallback !== null) return { text: fallback, split: !quoted, dynamic: true, tainted };
    return { text: raw, split: false, dynamic: true, tainted };
  }

  /** `${NAME}`, `${NAME:-word}`, `${NAME:off:len}`, `${NAME//pat/rep}` (literal patterns only). */
  private braced(body: string, raw: string, quoted: boolean): Seg {
    if (NAME.test(body)) return this.parameter(body, raw, null, quoted);
    const def = /^([A-Za-z_][A-Za-z0-9_]*):?[-=](.*)$/s.exec(body);
    if (def !== null) return this.parameter(def[1] ?? '', raw, unquote(def[2] ?? ''), quoted);
    const known = /^([A-Za-z_][A-Za-z0-9_]*)/.exec(body);
    const v = known === null ? undefined : this.env.get(known[1] ?? '');
    const value = v?.text;
    if (value != null && known !== null) {
      const op = body.slice((known[1] ?? '').length);
      const sub = /^:(\d+)(?::(\d+))?$/.exec(op);
      if (sub !== null) {
        const from = Number(sub[1]);
        const text = value.slice(from, sub[2] === undefined ? undefined : from + Number(sub[2]));
        return { text, split: !quoted, dynamic: v?.certain !== true, tainted: v?.tainted ?? false };
      }
      const rep = /^\/(\/?)([^/*?[\]]+)\/([^/]*)$/.exec(op);
      if (rep !== null) {
        const [, all, pat = '', to = ''] = rep;
        const text = all === '/' ? value.split(pat).join(to) : value.replace(pat, () => to);
        return { text, split: !quoted, dynamic: v?.certain !== true, tainted: v?.tainted ?? false };
      }
    }
    return { text: raw, split: false, dynamic: true, tainted: v?.tainted ?? false };
  }

  /** `$(...)` and backticks: evaluated when every stage is a pure command, opaque otherwise. */
  private substitution(node: Node, quoted: boolean, depth: number): Seg {
    const tainted = TAINT_SOURCE.test(node.text);
    const stages = this.stages(node.namedChildren, depth);
    if (stages === null) return { text: node.text, split: false, dynamic: true, tainted };
    return this.evaluated(node.text, stages, quoted, tainted);
  }

  private evaluated(raw: string, stages: PureStage[], quoted: boolean, tainted: boolean): Seg {
    const out = evalPipeline(stages, this.maxLength);
    if (out === null) return { text: raw, split: false, dynamic: true, tainted };
    return { text: out.replace(/\n+$/, ''), split: !quoted, dynamic: false, tainted };
  }

  private stages(body: readonly Node[], depth: number): PureStage[] | null {
    const [only] = body;
    if (body.length !== 1 || only === undefined) return null;
    const list = only.type === 'pipeline' ? only.namedChildren : [only];
    const out: PureStage[] = [];
    for (const n of list) {
      const st = this.stage(n, depth);
      if (st === null) return null;
      out.push(st);
    }
    return out;
  }

  private stage(node: Node, depth: number): PureStage | null {
    let cmd = node;
    let stdin: string | undefined;
    if (node.type === 'redirected_statement') {
      const body = node.childForFieldName('body');
      const reds = node.namedChildren.filter((c) => c.id !== body?.id);
      const here = reds[0];
      if (body === null || reds.length !== 1 || here?.type !== 'herestring_redirect') return null;
      const v = here.namedChildren[0];
      if (v === undefined) return null;
      const f = this.value(v, depth + 1);
      if (f.dynamic) return null;
      stdin = f.text;
      cmd = body;
    }
    if (cmd.type !== 'command') return null;
    const argv: string[] = [];
    for (const c of cmd.namedChildren) {
      if (c.type === 'herestring_redirect') {
        const v = c.namedChildren[0];
        const f = v === undefined ? null : this.value(v, depth + 1);
        if (f === null || f.dynamic) return null;
        stdin = f.text;
        continue;
      }
      if (c.type !== 'command_name' && c.type !== 'word' && !EXPANDABLE_ARG.has(c.type))
        return null;
      const target = c.type === 'command_name' ? (c.namedChildren[0] ?? c) : c;
      for (const f of this.fields(target, depth + 1)) {
        if (f.dynamic) return null;
        argv.push(f.text);
      }
    }
    return stdin === undefined ? { argv } : { argv, stdin };
  }
}

const EXPANDABLE_ARG = new Set([
  'string',
  'raw_string',
  'ansi_c_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'number',
]);
