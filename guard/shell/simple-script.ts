// A reader for one-line scripts of simple commands (bash manual §3.2.2-3.2.4, §3.6), without a tree.
import type { Redirect } from './model.js';
import { unquote } from './words.js';

/**
 * A parameter expansion `$NAME`, `${NAME}` or `${NAME:-word}` (also `-`, `=`, `?`, `+`, with or
 * without the colon, and a word of plain characters) (bash manual §3.5.3), quoted or not.
 */
export interface SimpleParameter {
  name: string;
  /** As written, `$NAME`, `${NAME}` or `${NAME:-word}`. */
  raw: string;
  quoted: boolean;
}

/**
 * A command substitution `$(cmd | cmd)` of one pipeline of commands of plain words (bash manual
 * §3.5.4), quoted or not: run in a subshell, its output is the word's text.
 */
export interface SimpleSubstitution {
  /** As written, `$(...)`. */
  raw: string;
  pipeline: SimpleCommand[];
  quoted: boolean;
}

/** A word with expansions: literal text (quoting removed), parameters and substitutions, in order. */
export interface SimpleWord {
  /** The word as written, quotes kept. */
  raw: string;
  parts: (string | SimpleParameter | SimpleSubstitution)[];
}

/** `NAME=value` or `NAME+=value` (bash manual §3.4): the value as a word is read. */
export interface SimpleAssignment {
  name: string;
  append: boolean;
  value: string | SimpleWord;
}

/**
 * One simple command: its words (with quoting removed, or split into text and parameters when
 * they expand one), then the redirections written after them. A command of assignments alone
 * (`x=build`) has no words and sets its `assigns` in the shell; assignments before a command
 * word only reach that command's environment, so they are read and not kept.
 */
export interface SimpleCommand {
  words: (string | SimpleWord)[];
  redirects: Redirect[];
  assigns: SimpleAssignment[];
  /** Names assigned before the command word, for its environment only (absent when none). */
  prefix?: string[];
}

/**
 * Pipelines joined by `&&`/`||`, ended by `;`, `&` or the end. The grammar reads redirections
 * after the last command of a list of several commands as applying to the whole list (`a | b > f`
 * is `(a | b) > f`): those are the list's `redirects`, and its commands' own stay with them.
 */
export interface SimpleList {
  pipelines: SimpleCommand[][];
  redirects: Redirect[];
}

/** `$NAME`, `${NAME}` and `${NAME:-word}`-style defaults of plain characters: the only expansions read here. */
const PARAMETER =
  /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=?+][A-Za-z0-9_./@%+,-]*)?\})/;
/** A command substitution's text: plain words and pipes (no quotes, expansions or assignments). */
const SUBSTITUTION = /^\$\(([A-Za-z0-9_./:@%+,~*? \t|-]*)\)/;
/** `$@` as PARAMETER would match it, for the one word `"$@"`. */
const POSITIONAL = Object.assign(['$@', '@'], { index: 0, input: '$@' }) as RegExpExecArray;
/** The start of an assignment word (bash manual §3.4). */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/;

/** Characters of an unquoted word; others (`$` but for PARAMETER, `` ` ``, `{`, `(`, `#`, `!`, `[`, `\`) decline. */
const WORD_CHAR = charTable(/[A-Za-z0-9_./:@%+,=~*?-]/);
/** Characters of double-quoted text with nothing bash expands or escapes in it (and `$` is read
 * as a PARAMETER or not at all). */
const DQUOTED_CHAR = charTable(/[^"\\$`!]/);
/** A command word: what the grammar reads as a command name and never as an assignment. */
const COMMAND_WORD = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*$/;
/** First words the grammar reads as something other than a simple command (bash manual §3.2). */
export const NOT_SIMPLE: ReadonlySet<string> = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'time',
  'coproc',
  'declare',
  'typeset',
  'export',
  'local',
  'readonly',
  'unset',
  'unsetenv',
]);

/** The printable ASCII characters `re` matches, as a lookup by character code. */
function charTable(re: RegExp): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0x20; c < 0x7f; c++) if (re.test(String.fromCharCode(c))) t[c] = 1;
  return t;
}

class Reader {
  at = 0;
  constructor(readonly s: string) {}

  private spaces(): void {
    while (this.s[this.at] === ' ' || this.s[this.at] === '\t') this.at++;
  }

  /** Length of the PARAMETER or SUBSTITUTION at `i`, or 0 when none is there. */
  private parameterAt(i: number): number {
    if (this.s[i + 1] !== '(') return PARAMETER.exec(this.s.slice(i, i + 258))?.[0].length ?? 0;
    const m = SUBSTITUTION.exec(this.s.slice(i, i + 1026));
    return m === null || substitutionPipeline(m[1] ?? '') === null ? 0 : m[0].length;
  }

  /**
   * The grammar splits `x''$X/y` into `x$` and `X/y` and `a$X$Y.z` into `a$X$` and `Y.z`: a bare
   * `$NAME` at `this.at` (`n` long) after a quote or another expansion of its word, with more of
   * the word after it, is left to the grammar.
   */
  private splitByGrammar(from: number, n: number): boolean {
    const before = /['"$]/.test(this.s.slice(from, this.at));
    // a substitution is read alone or after plain text, with no expansion or quote after it
    if (this.s[this.at + 1] === '(') return before || /['"$]/.test(this.s[this.at + n] ?? '');
    if (this.s[this.at + 1] === '{' || !before) return false;
    const next = this.s[this.at + n];
    return next !== undefined && (WORD_CHAR[next.charCodeAt(0)] === 1 || /['"$]/.test(next));
  }

  /**
   * One word as written (quotes kept), '' when none starts here, null when a quote or an
   * expansion is not read; parameters are read only where `expansions` is set.
   */
  private word(expansions: boolean): string | null {
    const from = this.at;
    // `\"` or `\\` in double quotes, `{}`, or `"$@"`: read only in a word with no other expansion
    let literal = false;
    let positional = false;
    for (;;) {
      const c = this.s[this.at];
      if (c === undefined) break;
      const code = c.charCodeAt(0);
      if (c === "'") {
        const end = this.s.indexOf("'", this.at + 1);
        if (end < 0) return null;
        this.at = end + 1;
      } else if (c === '"') {
        let j = this.at + 1;
        let anchor = j;
        for (;;) {
          while (j < this.s.length && DQUOTED_CHAR[this.s.charCodeAt(j)] === 1) j++;
          if (this.s[j] === '\\' && (this.s[j + 1] === '"' || this.s[j + 1] === '\\')) {
            literal = true;
            j += 2;
            continue;
          }
          if (expansions && j === this.at + 1 && this.s.startsWith('$@"', j)) {
            positional = true;
            j += 2;
            break;
          }
          const n = this.s[j] === '$' && expansions ? this.parameterAt(j) : 0;
          if (n === 0) break;
          // the grammar keeps `" $X"` and `"$X $Y"` as text: a parameter after nothing but
          // blanks since the quote or the last parameter is left to it
          if (j > anchor && /^[ \t]+$/.test(this.s.slice(anchor, j))) return null;
          j += n;
          anchor = j;
        }
        if (this.s[j] !== '"') return null;
        this.at = j + 1;
      } else if (WORD_CHAR[code] === 1) this.at++;
      else if (c === '{' && this.s[this.at + 1] === '}') {
        // `{}` holds no brace expansion (bash manual §3.5.1): two characters of the word
        literal = true;
        this.at += 2;
      } else if (c === '$' && expansions) {
        const n = this.parameterAt(this.at);
        if (n === 0 || this.splitByGrammar(from, n)) return null;
        this.at += n;
      } else break;
    }
    const raw = this.s.slice(from, this.at);
    if (positional) return raw === '"$@"' ? raw : null;
    return literal && raw.includes('$') ? null : raw;
  }

  /** A redirection starts here: digits then `<` or `>`, or `&>`. */
  private redirectAhead(): boolean {
    let i = this.at;
    while (i < this.s.length && this.s.charCodeAt(i) >= 0x30 && this.s.charCodeAt(i) <= 0x39) i++;
    const c = this.s[i];
    return c === '>' || c === '<' || (i === this.at && c === '&' && this.s[i + 1] === '>');
  }

  /** `>`, `>>`, `>|`, `<`, `&>`, `&>>`, `N>`..., `>&N`: the operator as the grammar names it;
   * null for any other form. */
  private redirect(): Redirect | null {
    const m = /^(?:\d*(>>|>\||>&|>|<)|(&>>|&>))/.exec(this.s.slice(this.at, this.at + 24));
    if (m === null) return null;
    const op = m[1] ?? m[2] ?? '';
    this.at += m[0].length;
    if (this.s[this.at] === '&' || this.s[this.at] === '>' || this.s[this.at] === '<') return null;
    this.spaces();
    const raw = this.word(false);
    if (raw === null || raw === '' || (op === '>&' && !/^\d+$/.test(raw))) return null;
    return { op, target: unquote(raw) };
  }

  /** One simple command, or null when it is not one this reader takes. */
  command(): SimpleCommand | null {
    const words: (string | SimpleWord)[] = [];
    const redirects: Redirect[] = [];
    const assigns: SimpleAssignment[] = [];
    for (;;) {
      this.spaces();
      const c = this.s[this.at];
      if (c === undefined || c === '|' || c === ';' || (c === '&' && this.s[this.at + 1] !== '>'))
        break;
      if (this.redirectAhead()) {
        const r = this.redirect();
        if (r === null || words.length === 0) return null;
        redirects.push(r);
        continue;
      }
      const raw = this.word(true);
      // a word after a redirection, a character no rule above reads, or `=` where the grammar
      // may read a test operator (`=~`, `==`)
      if (
        raw === null ||
        raw === '' ||
        redirects.length > 0 ||
        raw.startsWith('=') ||
        raw.includes('=~')
      )
        return null;
      if (words.length === 0) {
        const a = ASSIGNMENT.exec(raw);
        if (a !== null) {
          // the grammar reads `_=x` as a command word
          if (a[1] === '_') return null;
          const value = simpleWord(raw.slice(a[0].length));
          // a substitution in an assignment is left to the grammar
          if (value === null || raw.includes('$(')) return null;
          assigns.push({ name: a[1] ?? '', append: a[2] === '+', value });
          continue;
        }
        // a command word with an expansion is known only at run time (the command is dynamic)
        if (
          !(COMMAND_WORD.test(raw) && !NOT_SIMPLE.has(raw)) &&
          !raw.startsWith('$') &&
          raw !== '"$@"'
        )
          return null;
      }
      const w = simpleWord(raw);
      if (w === null) return null;
      words.push(w);
    }
    if (words.length > 0)
      return assigns.length === 0
        ? { words, redirects, assigns: [] }
        : { words, redirects, assigns: [], prefix: assigns.map((a) => a.name) };
    // assignments alone: redirections with them are left to the grammar
    return assigns.length === 0 || redirects.length > 0 ? null : { words, redirects, assigns };
  }

  /** The list's redirections as the grammar nests them; a middle command's are declined, as are
   * pipelines of three or more stages before `&&` or `||`. */
  private static list(pipelines: SimpleCommand[][]): SimpleList | null {
    // the grammar nests `a | b | c && d` as `a | (b | c && d)`: such lists go to it
    if (pipelines.slice(0, -1).some((p) => p.length > 2)) return null;
    const cmds = pipelines.flat();
    const last = cmds.at(-1);
    if (cmds.length === 1 || last === undefined) return { pipelines, redirects: [] };
    if (cmds.slice(1, -1).some((c) => c.redirects.length > 0)) return null;
    const redirects = last.redirects;
    last.redirects = [];
    return { pipelines, redirects };
  }

  /** The script's lists, or null when any part of it is not read here. */
  script(): SimpleList[] | null {
    const lists: SimpleList[] = [];
    let list: SimpleCommand[][] = [];
    let pipeline: SimpleCommand[] = [];
    for (;;) {
      const cmd = this.command();
      if (cmd === null) return null;
      pipeline.push(cmd);
      this.spaces();
      const c = this.s[this.at];
      const next = this.s[this.at + 1];
      // assignments alone as a pipeline stage are left to the grammar
      if (cmd.words.length === 0 && (pipeline.length > 1 || (c === '|' && next !== '|')))
        return null;
      if (c === '|' && next !== '|' && next !== '&') {
        this.at++;
        continue;
      }
      list.push(pipeline);
      pipeline = [];
      if ((c === '|' && next === '|') || (c === '&' && next === '&')) {
        this.at += 2;
        continue;
      }
      const read = Reader.list(list);
      if (read === null) return null;
      lists.push(read);
      list = [];
      if (c === undefined) return lists;
      if ((c !== ';' && c !== '&') || next === ';' || next === '&' || next === '|') return null;
      this.at++;
      this.spaces();
      if (this.at >= this.s.length) return lists;
    }
  }
}

/** The one pipeline of a substitution's text, each command with words and nothing else; else null. */
function substitutionPipeline(text: string): SimpleCommand[] | null {
  const lists = new Reader(text).script();
  const [only] = lists ?? [];
  if (lists?.length !== 1 || only === undefined || only.redirects.length > 0) return null;
  const [pipeline] = only.pipelines;
  if (only.pipelines.length !== 1 || pipeline === undefined) return null;
  return pipeline.every((c) => c.words.length > 0 && c.redirects.length === 0) ? pipeline : null;
}

/** A word word() read: its text with quoting removed, or its parts when it expands a parameter. */
function simpleWord(raw: string): string | SimpleWord | null {
  if (!raw.includes('$')) return unquote(raw);
  const parts = wordParts(raw);
  return parts === null ? null : { raw, parts };
}

/**
 * The literal text and parameters of a word word() read (quotes removed); null for any other
 * word. A quoted piece is text even when empty (`$IFS""` is one empty word, as the tree has it).
 */
function wordParts(raw: string): SimpleWord['parts'] | null {
  const parts: SimpleWord['parts'] = [];
  let text = '';
  let quotedText = false;
  let quoted = false;
  for (let i = 0; i < raw.length;) {
    const c = raw[i] ?? '';
    if (c === "'" && !quoted) {
      const end = raw.indexOf("'", i + 1);
      text += raw.slice(i + 1, end);
      quotedText = true;
      i = end + 1;
    } else if (c === '"') {
      quoted = !quoted;
      quotedText = true;
      i++;
    } else if (c === '$') {
      const sub = raw[i + 1] === '(' ? SUBSTITUTION.exec(raw.slice(i)) : null;
      const pipeline = sub === null ? null : substitutionPipeline(sub[1] ?? '');
      // `"$@"` (the whole word, word() saw to it): the positional parameters, known at run time
      const m =
        sub === null ? (raw[i + 1] === '@' ? POSITIONAL : PARAMETER.exec(raw.slice(i))) : null;
      if (pipeline === null && m === null) return null;
      if (text !== '' || quotedText) parts.push(text);
      text = '';
      quotedText = false;
      if (sub !== null && pipeline !== null) {
        parts.push({ raw: sub[0], pipeline, quoted });
        i += sub[0].length;
      } else if (m !== null) {
        parts.push({ name: m[1] ?? m[2] ?? '', raw: m[0], quoted });
        i += m[0].length;
      }
    } else {
      text += c;
      i++;
    }
  }
  if (text !== '' || quotedText) parts.push(text);
  return parts;
}

/**
 * The commands of a one-line script of simple commands joined by `|`, `&&`, `||`, `;` and `&`,
 * with plain, single- or double-quoted words, `$NAME`, `${NAME}` and `${NAME:-word}` parameters,
 * `$(...)` substitutions of plain pipelines (in a command word too), assignments and file
 * redirections, read as
 * tree-sitter-bash reads them; null for anything else (other expansions, substitutions,
 * heredocs, compound commands, newlines, comments), which the caller parses with the grammar.
 */
export function readSimpleScript(source: string): SimpleList[] | null {
  if (source.length > 4096 || /[^\t\x20-\x7e]/.test(source)) return null;
  return new Reader(source).script();
}
