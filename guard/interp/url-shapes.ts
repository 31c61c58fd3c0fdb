// What Python and JavaScript code shows of a request's address when part of it is known only at
// run time (docs/guard.md "Egress"): the literal text it starts with, where the host is, and the
// environment variables read into it (`'https://h/p/' + os.environ['X']`, f-strings, template
// literals, `%`, `.format`, `urlencode`, `URLSearchParams`). This code is attacker-controlled: every
// walk draws on one node budget per program, and past it nothing more is read.
import type { Node } from 'web-tree-sitter';

export interface UrlShape {
  /** The literal text the address starts with, up to its first part known only at run time. */
  prefix: string;
  /** Set when the whole address is that literal text. */
  complete: boolean;
  /** Environment variables read into it, directly or through a variable. */
  env: string[];
}

export interface ShapeScope {
  /** Dotted names after imports (calls.ts). */
  name: (n: Node | null) => string;
  /** A string the program shows for the expression, or null. */
  known: (n: Node) => string | null;
  /** Variables assigned a shape that is not a known string (`u = base + os.environ['X']`). */
  shapes: Map<string, UrlShape>;
  /** Nodes left to look at in this program. */
  budget: { left: number };
}

export const SHAPE_BUDGET = 20_000;
const NONE: UrlShape = { prefix: '', complete: false, env: [] };
const ENV_GETS = new Set(['os.environ.get', 'os.getenv', 'environ.get', 'Deno.env.get']);
const ENV_MAPS = new Set(['os.environ', 'environ', 'process.env']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const MAX_DEPTH = 32;
const PLUS = /^binary_(?:operator|expression)$/;

const lit = (n: Node | null | undefined, s: ShapeScope): string | null =>
  n === null || n === undefined ? null : s.known(n);

/** The variable one node reads from the environment, or null. */
function envRead(n: Node, s: ShapeScope): string | null {
  let v: string | null = null;
  if (n.type === 'subscript' || n.type === 'subscript_expression') {
    const map = n.childForFieldName(n.type === 'subscript' ? 'value' : 'object');
    if (map !== null && ENV_MAPS.has(s.name(map)))
      v = lit(n.childForFieldName(n.type === 'subscript' ? 'subscript' : 'index'), s);
  } else if (n.type === 'member_expression') {
    const obj = n.childForFieldName('object');
    if (obj !== null && ENV_MAPS.has(s.name(obj)))
      v = n.childForFieldName('property')?.text ?? null;
  } else if (n.type === 'call' || n.type === 'call_expression') {
    if (ENV_GETS.has(s.name(n.childForFieldName('function'))))
      v = lit(n.childForFieldName('arguments')?.namedChildren[0], s);
  }
  return v !== null && NAME.test(v) ? v : null;
}

/** Every environment variable read anywhere in the expression at `n`. */
export function envIn(root: Node, s: ShapeScope, out: string[] = []): string[] {
  // a stack, not recursion: nesting is the code's choice and may run thousands deep
  const todo = [root];
  for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
    if (--s.budget.left < 0 || out.length >= 16) return out;
    const v = envRead(n, s);
    if (v !== null) out.push(v);
    else if (n.type === 'identifier' || n.type === 'shorthand_property_identifier')
      out.push(...(s.shapes.get(n.text)?.env ?? []));
    else todo.push(...n.namedChildren);
  }
  return out;
}

/** The operands of a `+` chain, left to right, read down its left spine without recursion. */
function operands(n: Node, s: ShapeScope): Node[] {
  const rights: Node[] = [];
  let at: Node = n;
  for (;;) {
    const l = at.childForFieldName('left');
    const r = at.childForFieldName('right');
    if (!PLUS.test(at.type) || at.childForFieldName('operator')?.text !== '+' || l === null) break;
    if (r !== null) rights.push(r);
    if (--s.budget.left < 0) break;
    at = l;
  }
  return [at, ...rights.reverse()];
}

/** A string with interpolations: the literal parts before the first one, and what all of them read. */
function interpolated(n: Node, s: ShapeScope, hole: string, text: RegExp): UrlShape {
  let prefix = '';
  let open = true;
  const env: string[] = [];
  for (const c of n.namedChildren) {
    if (c.type === hole) {
      open = false;
      envIn(c, s, env);
    } else if (open && text.test(c.type)) prefix += c.text;
  }
  return { prefix, complete: false, env };
}

/**
 * The shape of the address expression at `n`.
 * @example urlShape(parse(`'https://h/p/' + os.environ['K']`), scope) // { prefix: 'https://h/p/', env: ['K'] }
 */
export function urlShape(n: Node, s: ShapeScope, depth = 0): UrlShape {
  // each level asks `known` of its whole subtree: the depth bound keeps that linear in the code
  if (--s.budget.left < 0 || depth > MAX_DEPTH) return NONE;
  const d = depth + 1;
  const known = s.known(n);
  if (known !== null) return { prefix: known, complete: true, env: [] };
  switch (n.type) {
    case 'string':
      return interpolated(n, s, 'interpolation', /^(?:string_content|escape_sequence)$/);
    case 'template_string':
      return interpolated(n, s, 'template_substitution', /^(?:string_fragment|escape_sequence)$/);
    case 'identifier':
      return s.shapes.get(n.text) ?? NONE;
    case 'parenthesized_expression':
    case 'await_expression':
      return n.namedChildren[0] === undefined ? NONE : urlShape(n.namedChildren[0], s, d);
    case 'binary_operator':
    case 'binary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const l = n.childForFieldName('left');
      const r = n.childForFieldName('right');
      if (l === null || r === null) return NONE;
      if (op === '+') {
        let prefix = '';
        let complete = true;
        const env: string[] = [];
        for (const part of operands(n, s)) {
          const p = urlShape(part, s, d);
          if (complete) prefix += p.prefix;
          complete &&= p.complete;
          env.push(...p.env.slice(0, 16 - Math.min(env.length, 16)));
        }
        return { prefix, complete, env };
      }
      // `'https://h/?k=%s' % os.environ['K']`: the format up to its first conversion
      if (op === '%') {
        const f = lit(l, s);
        return { prefix: f?.split('%')[0] ?? '', complete: false, env: envIn(r, s) };
      }
      return { ...NONE, env: envIn(n, s) };
    }
    case 'call': {
      // `'https://h/?k={}'.format(os.environ['K'])`
      const fn = n.childForFieldName('function');
      const recv = fn?.type === 'attribute' ? fn.childForFieldName('object') : null;
      const f = fn?.childForFieldName('attribute')?.text === 'format' ? lit(recv, s) : null;
      if (f !== null) return { prefix: f.split('{')[0] ?? '', complete: false, env: envIn(n, s) };
      return { ...NONE, env: envIn(n, s) };
    }
    default:
      return { ...NONE, env: envIn(n, s) };
  }
}

/** Records a variable's shape at an assignment (`u = f'https://h/?k={t}'`, `const {K} = process.env`). */
export function noteShape(left: Node, right: Node, s: ShapeScope): void {
  if (left.type === 'object_pattern') {
    if (!ENV_MAPS.has(s.name(right))) return;
    for (const p of left.namedChildren)
      if (p.type === 'shorthand_property_identifier_pattern')
        s.shapes.set(p.text, { prefix: '', complete: false, env: [p.text] });
    return;
  }
  if (left.type !== 'identifier') return;
  const shape = urlShape(right, s);
  if (shape.complete || (shape.prefix === '' && shape.env.length === 0)) s.shapes.delete(left.text);
  else s.shapes.set(left.text, shape);
}
