// What a rule's condition cannot match without (docs/guard.md "Rule index"): the key the index files it under.
import type { DetectorProbe } from './condition.js';
import { parseFieldPath, type FieldPath } from './field.js';

export type Primitive = string | number | boolean | null;

/** The field is a string holding one of `literals` (case-folded). */
export interface TextNeeds {
  kind: 'text';
  field: string;
  parts: FieldPath;
  literals: string[];
}

/**
 * A necessary condition: when it does not hold for an event, the rule cannot match that event.
 * `also`: literals other children of an `all` need, checked for each rule the key selects.
 */
export type Needs =
  /** The field is a shell command that runs one of `programs` or has one of `intents`. */
  (
    | { kind: 'shell'; field: string; parts: FieldPath; keys: string[] }
    | TextNeeds
    /** The field equals one of `values`. */
    | { kind: 'equals'; field: string; parts: FieldPath; values: Primitive[] }
    /** The detector of a bare detector condition finds something (`field` is the probe's key). */
    | { kind: 'detector'; field: string; parts: FieldPath; probe: DetectorProbe }
  ) & { also?: TextNeeds[] };

const RANK: Record<Needs['kind'], number> = { equals: 3, shell: 2, text: 1, detector: 0 };

/** Shell index keys: a program name, or an intent (`intent:destructive_delete`). */
export const programKey = (name: string): string => `program:${name}`;
export const intentKey = (intent: string): string => `intent:${intent}`;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Lower-cased, with the two non-ASCII letters that case-fold onto ASCII ones (ſ, K) mapped too. */
export function foldAscii(s: string): string {
  const lower = s.toLowerCase();
  // the replace only for a text that holds ſ: most hold none, and the rule index folds every field
  return lower.includes('\u017f') ? lower.replace(/\u017f/g, 's') : lower;
}

const PUNCT = /^[!-/:-@[-`{-~]$/;
const BREAKING_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W', 'b', 'B', 'A', 'z', 'n', 't', 'r']);

/** Index just past the character class that opens at `i`, or -1 when it never closes. */
function skipClass(src: string, i: number): number {
  let j = i + 1;
  if (src[j] === '^') j++;
  if (src[j] === ']') j++;
  while (j < src.length) {
    const c = src[j];
    if (c === '\\') j += 2;
    else if (c === ']') return j + 1;
    else if (c === '[' && src[j + 1] === ':') {
      const end = src.indexOf(':]', j + 2);
      if (end < 0) return -1;
      j = end + 2;
    } else j++;
  }
  return -1;
}

/** Index just past the group that opens at `i` (escapes and classes skipped), or -1. */
function skipGroup(src: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < src.length) {
    const c = src[j];
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (c === '[') {
      j = skipClass(src, j);
      if (j < 0) return -1;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
    j++;
  }
  return -1;
}

/** Index past a quantifier at `i` (`*`, `+`, `?`, `{m,n}` and a lazy `?`), or `i` when none. */
function skipQuantifier(src: string, i: number): number {
  let j = i;
  const c = src[j];
  if (c === '*' || c === '+' || c === '?') j++;
  else if (c === '{') {
    const end = src.indexOf('}', j);
    if (end < 0 || !/^\{\d*(?:,\d*)?\}$/.test(src.slice(j, end + 1))) return i;
    j = end + 1;
  } else return i;
  return src[j] === '?' ? j + 1 : j;
}

/**
 * Index just past the opening of a group whose body must match as written (`(`, `(?:`, `(?<name>`,
 * `(?P<name>`), or -1 for a lookaround or a flag group (their text is not what the match consumes).
 */
function groupBody(src: string, i: number): number {
  if (src[i + 1] !== '?') return i + 1;
  const a = src[i + 2];
  const b = src[i + 3];
  if (a === ':') return i + 3;
  if ((a === '<' && b !== '=' && b !== '!') || (a === 'P' && b === '<')) {
    const end = src.indexOf('>', i);
    return end < 0 ? -1 : end + 1;
  }
  return -1;
}

/** Whether the quantifier at `i` (or none: `i` is its end) still needs its atom once. */
const needsOnce = (src: string, i: number, end: number): boolean =>
  end === i || src[i] === '+' || /^\{[1-9]/.test(src.slice(i));

/** The better of two literal sets a branch needs: the one whose shortest literal is longer. */
function better(a: string[] | null, b: string[]): string[] {
  if (a === null) return b;
  const short = (xs: string[]) => Math.min(...xs.map((x) => x.length));
  const d = short(b) - short(a);
  return d > 0 || (d === 0 && b.length < a.length) ? b : a;
}

/** A group body that is a list of plain words (`sk|rk`, `live|test`): its words, or null. */
function wordList(body: string): string[] | null {
  return /^[A-Za-z0-9_,:;=@#%&~!'" -]*(?:\|[A-Za-z0-9_,:;=@#%&~!'" -]*)*$/.test(body)
    ? body.split('|')
    : null;
}

/** Most spellings a run is followed through (`(?:sk|rk)_(?:live|test)_` is four). */
const MAX_SPELLINGS = 64;

/**
 * Literals one branch of a regex cannot match without (it holds one of them, case-folded): its
 * longest literal run (through groups of plain words: `(?:sk|rk)_live` needs `sk_live` or
 * `rk_live`), or what a group it must match needs; null when none of 3 characters is found.
 */
function branchLiteral(src: string): string[] | null {
  let best: string[] | null = null;
  // the run being read, in each spelling the word groups so far allow
  let cur = [''];
  const flush = (): void => {
    let short = Infinity;
    for (const x of cur) short = Math.min(short, x.length);
    if (short >= 3) best = better(best, cur.map(foldAscii));
    if (cur.length !== 1 || cur[0] !== '') cur = [''];
  };
  const add = (lit: string): void => {
    for (let k = 0; k < cur.length; k++) cur[k] = `${cur[k] ?? ''}${lit}`;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    let lit: string;
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      if (PUNCT.test(n)) lit = n;
      else if (BREAKING_ESCAPES.has(n)) {
        flush();
        i = skipQuantifier(src, i + 2);
        continue;
      } else break;
      i += 2;
    } else if (c === '[' || c === '(') {
      const end = c === '[' ? skipClass(src, i) : skipGroup(src, i);
      if (end < 0) return null;
      const q = skipQuantifier(src, end);
      const body = c === '(' ? groupBody(src, i) : -1;
      const words = body >= 0 && q === end ? wordList(src.slice(body, end - 1)) : null;
      if (words !== null && cur.length * words.length <= MAX_SPELLINGS) {
        cur = cur.flatMap((x) => words.map((w) => x + w));
        i = q;
        continue;
      }
      flush();
      // a group matched at least once needs what its body needs
      if (body >= 0 && needsOnce(src, end, q)) {
        const inner = regexLiterals(src.slice(body, end - 1));
        if (inner !== null) best = better(best, inner);
      }
      i = q;
      continue;
    } else if (c === '.' || c === '^' || c === '$') {
      flush();
      i = skipQuantifier(src, i + 1);
      continue;
    } else if (/[*+?{)|]/.test(c)) return null;
    else {
      lit = c;
      i++;
    }
    if (lit.charCodeAt(0) > 0x7e || lit.charCodeAt(0) < 0x20) {
      flush();
      i = skipQuantifier(src, i);
      continue;
    }
    const q = skipQuantifier(src, i);
    if (q === i) add(lit);
    else {
      // `x+` needs one x; `x*`, `x?`, `x{0,n}` need none
      const once = needsOnce(src, i, q);
      if (once) add(lit);
      flush();
      // the last repetition still sits right before what follows: `ab+cd` needs `bcd`
      if (once) cur = [lit];
      i = q;
    }
  }
  flush();
  return best;
}

/**
 * Literals a match of an RE2 (or JavaScript) pattern holds one of, case-folded: what each top-level
 * alternative needs; or null when some alternative needs none that is known.
 */
export function regexLiterals(src: string): string[] | null {
  const branches: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const end = skipClass(src, i);
      if (end < 0) return null;
      i = end - 1;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      branches.push(src.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(src.slice(start));
  const out: string[] = [];
  for (const b of branches) {
    const ls = branchLiteral(b);
    if (ls === null) return null;
    for (const l of ls) if (!out.includes(l)) out.push(l);
  }
  return out;
}

/** The longest ASCII run of a literal string (three characters or more), folded, or null. */
function plainLiteral(s: string): string | null {
  let best = '';
  for (const run of s.split(/[^\x20-\x7e]+/)) if (run.length > best.length) best = run;
  return best.length >= 3 ? foldAscii(best) : null;
}

function globLiteral(g: string): string | null {
  let best = '';
  for (const run of g.split(/[*?]+|\[[^\]]*\]?/)) if (run.length > best.length) best = run;
  return plainLiteral(best);
}

function allOrNull<T>(xs: readonly (T | null)[]): T[] | null {
  return xs.every((x) => x !== null) ? (xs as T[]) : null;
}

function fieldNeeds(doc: Record<string, unknown>): Needs | null {
  const field = doc.field as string;
  const parts = parseFieldPath(field);
  if (parts === null) return null;
  let literals: string[] | null = null;
  if ('equals' in doc) return { kind: 'equals', field, parts, values: [doc.equals as Primitive] };
  if ('in' in doc) return { kind: 'equals', field, parts, values: doc.in as Primitive[] };
  if ('contains' in doc || 'prefix' in doc)
    literals = allOrNull(listOf(doc.contains ?? doc.prefix).map((s) => plainLiteral(String(s))));
  else if ('glob' in doc) literals = allOrNull(listOf(doc.glob).map((g) => globLiteral(String(g))));
  else if ('regex' in doc) literals = regexLiterals(String(doc.regex));
  return literals === null ? null : { kind: 'text', field, parts, literals };
}

function shellNeeds(doc: Record<string, unknown>, programsKey: string): Needs | null {
  const field = typeof doc.field === 'string' ? doc.field : 'args.command';
  const parts = parseFieldPath(field);
  if (parts === null) return null;
  const keys = [
    ...listOf(doc[programsKey] ?? []).map((p) => programKey(String(p))),
    ...listOf(doc.intent ?? []).map((i) => intentKey(String(i))),
  ];
  return keys.length === 0 ? null : { kind: 'shell', field, parts, keys };
}

function textOnly(n: TextNeeds): TextNeeds {
  return { kind: 'text', field: n.field, parts: n.parts, literals: n.literals };
}

function union(ns: readonly Needs[]): Needs | null {
  const first = ns[0];
  if (first === undefined || !ns.every((n) => n.kind === first.kind && n.field === first.field))
    return null;
  // one branch's `also` does not hold for the others: the union keeps only the shared key
  const { field, parts } = first;
  switch (first.kind) {
    case 'shell':
      return {
        kind: 'shell',
        field,
        parts,
        keys: ns.flatMap((n) => (n.kind === 'shell' ? n.keys : [])),
      };
    case 'detector':
      return null;
    case 'text':
      return {
        kind: 'text',
        field,
        parts,
        literals: ns.flatMap((n) => (n.kind === 'text' ? n.literals : [])),
      };
    default:
      return {
        kind: 'equals',
        field,
        parts,
        values: ns.flatMap((n) => (n.kind === 'equals' ? n.values : [])),
      };
  }
}

/**
 * A necessary condition of an already validated condition document, or null when none is known
 * (`not`, detectors, numeric comparisons): such a rule is evaluated for every event it applies to.
 */
export function conditionNeeds(doc: unknown): Needs | null {
  if (!isObject(doc)) return null;
  if (Array.isArray(doc.all)) {
    let best: Needs | null = null;
    const children: Needs[] = [];
    for (const c of doc.all) {
      const n = conditionNeeds(c);
      if (n === null) continue;
      children.push(n);
      if (best === null || RANK[n.kind] > RANK[best.kind]) best = n;
    }
    if (best === null) return null;
    const also = children.flatMap((n) => [
      ...(n !== best && n.kind === 'text' ? [textOnly(n)] : []),
      ...(n.also ?? []),
    ]);
    return also.length === 0 ? best : { ...best, also };
  }
  if (Array.isArray(doc.any)) {
    const ns = allOrNull(doc.any.map(conditionNeeds));
    return ns === null ? null : union(ns);
  }
  if (isObject(doc.shell)) return shellNeeds(doc.shell, 'program');
  if (isObject(doc.command)) return shellNeeds(doc.command, 'program');
  if (typeof doc.field === 'string' && !('detector' in doc)) return fieldNeeds(doc);
  return null;
}
