// The calls a Python or JavaScript program makes, by resolved name (imports, aliases) and with the literal values of their arguments.
import type { Node } from 'web-tree-sitter';
import type { CodeLanguage } from './grammars.js';
import { carriesEnvironment, iteratesEnvironment, type EnvScope } from './env-dump.js';
import { noteShape, SHAPE_BUDGET, urlShape, type ShapeScope, type UrlShape } from './url-shapes.js';

/** A known string, a list of known strings, or null for anything only known at run time. */
export type Val = string | string[] | null;

export interface CodeCall {
  /** Dotted name after imports: `shutil.rmtree`, `fs.rmSync`, `pathlib.Path().unlink`. */
  callee: string;
  args: Val[];
  kwargs: Record<string, Val>;
  /** Arguments of the innermost call the callee hangs off (`Path("~")` in `Path("~").unlink()`). */
  recv: Val[];
  /** Set when some argument holds a network call (`exec(urlopen(u).read())`). */
  fetchedArg: boolean;
  /** Set when an argument carries the whole environment's values, or the call runs in a loop over them. */
  envArg: boolean;
  /**
   * What the program shows of each argument that may be an address (by position, `'0'`, or by
   * keyword or object key), for calls named like a request; empty for others.
   */
  shapes: Record<string, UrlShape>;
}

const HOME_CALLS = new Set([
  'os.path.expanduser',
  'pathlib.Path.home',
  'Path.home',
  'os.homedir',
  'os.getenv',
  'Deno.env.get',
]);
/** Calls that read one environment variable: home only when it is `HOME`. */
const ENV_CALLS = new Set(['os.getenv', 'Deno.env.get']);
/** Path joins: the joined path where every part is known, else the known base and `/*`. */
const JOIN_CALLS = new Set(['os.path.join', 'path.join', 'posixpath.join']);
export const FETCH_CALLS =
  /^(?:urllib\.request\.urlopen|urlopen|requests\.(?:get|post|put|patch|request)|httpx\.(?:get|post|put|patch|request)|fetch|https?\.(?:get|request)|axios(?:\.(?:get|post|put|patch|request))?|got)$/;
/** Constructors of network objects whose later method calls are network calls (net-calls.ts). */
const NET_OBJECTS =
  /^(?:socket\.socket|http\.client\.HTTPS?Connection|HTTPS?Connection|requests\.[Ss]ession|httpx\.(?:Async)?Client|aiohttp\.ClientSession|urllib3\.PoolManager|ftplib\.FTP(?:_TLS)?|smtplib\.SMTP(?:_SSL)?|telnetlib\.Telnet)\(\)$/;

interface Scope {
  lang: CodeLanguage;
  alias: Map<string, string>;
  vars: Map<string, Val>;
  calls: CodeCall[];
  steps: number;
  /** Null when the program never names the environment (nothing to look for). */
  env: EnvScope | null;
  /** Loops over the environment's values the walk is inside. */
  envLoops: number;
  /** Calls of a download (`https.get(u, cb)`, `fetch(u).then(cb)`) whose callbacks the walk is inside. */
  fetchDepth: number;
  /** Variables assigned from a download (`r = requests.get(u)`, `const t = await fetch(u)`). */
  fetched: Set<string>;
  shape: ShapeScope;
}

const MAX_STEPS = 50_000;
const MAX_VALUE_DEPTH = 200;
/** Calls named like a request (net-calls.ts decides which are): their addresses are shaped. */
const REQUEST_LIKE =
  /(?:^|\.)(?:urlopen|Request|get|post|put|patch|delete|head|options|request|fetch|stream)$|^(?:axios|got)$/;

function stringValue(n: Node, s: Scope): string | null {
  if (s.lang === 'python') {
    if (n.namedChildren.some((c) => c.type === 'interpolation')) return null;
    return n.namedChildren
      .filter((c) => c.type === 'string_content')
      .map((c) => c.text)
      .join('');
  }
  if (
    n.type === 'template_string' &&
    n.namedChildren.some((c) => c.type === 'template_substitution')
  )
    return null;
  const inner = n.text.slice(1, -1);
  return inner.replace(/\\(.)/g, '$1');
}

function nameOf(n: Node | null, s: Scope): string {
  if (n === null) return '?';
  switch (n.type) {
    case 'identifier':
      return s.alias.get(n.text) ?? n.text;
    case 'attribute':
      return `${nameOf(n.childForFieldName('object'), s)}.${n.childForFieldName('attribute')?.text ?? '?'}`;
    case 'member_expression':
      return `${nameOf(n.childForFieldName('object'), s)}.${n.childForFieldName('property')?.text ?? '?'}`;
    case 'call':
    case 'call_expression': {
      const fn = nameOf(n.childForFieldName('function'), s);
      if (fn === 'require' || fn === 'importlib.import_module') return moduleName(firstArg(n, s));
      // `__import__('urllib.request')` returns the top package: `.request.urlopen` follows
      if (fn === '__import__') return moduleName(firstArg(n, s)).split('.')[0] ?? '?';
      if (fn === 'pathlib.Path' || fn === 'Path') return `${fn}()`;
      return `${fn}()`;
    }
    case 'parenthesized_expression':
    case 'await_expression':
    case 'non_null_expression':
      return nameOf(n.namedChildren[0] ?? null, s);
    default:
      return '?';
  }
}

function moduleName(v: Val): string {
  return typeof v === 'string' ? v.replace(/^node:/, '').replace(/\/promises$/, '') : '?';
}

function argNodes(call: Node): Node[] {
  const a = call.childForFieldName('arguments');
  return a === null ? [] : a.namedChildren.filter((c) => c.type !== 'comment');
}

function firstArg(call: Node, s: Scope, depth = 0): Val {
  const a = argNodes(call)[0];
  return a === undefined ? null : valueOf(a, s, depth);
}

function hasFetch(n: Node, s: Scope, depth = 0): boolean {
  if (depth > MAX_VALUE_DEPTH) return false;
  if (n.type === 'call' || n.type === 'call_expression') {
    const fn = nameOf(n.childForFieldName('function'), s);
    if (FETCH_CALLS.test(fn.replace(/\(\)/g, ''))) return true;
  }
  if (n.type === 'identifier' && s.fetched.has(n.text)) return true;
  return n.namedChildren.some((c) => hasFetch(c, s, depth + 1));
}

/**
 * Whether an argument is downloaded text: it holds a download or a variable assigned from one, or
 * is not a string literal inside a download's callback (`r.on('end', () => new Function(body)())`).
 */
function fetchedArgument(a: Node, s: Scope): boolean {
  // a variable there may hold what the callback appended (`b += chunk`): only a literal is known
  return hasFetch(a, s) || (s.fetchDepth > 0 && !/^(?:string|template_string)$/.test(a.type));
}

/** The literal value of an expression, where the program shows it. */
export function valueOf(n: Node, s: Scope, depth = 0): Val {
  // attacker-controlled nesting (`'a'+'a'+...` thousands deep): past the bound the value is unknown
  if (depth > MAX_VALUE_DEPTH) return null;
  const d = depth + 1;
  switch (n.type) {
    case 'string':
    case 'template_string':
      return stringValue(n, s);
    case 'identifier':
      return s.vars.get(n.text) ?? null;
    // a port in `(host, 6379)`: known digits, so the tuple's host stays known
    case 'integer':
    case 'number':
      return /^\d{1,5}$/.test(n.text) ? n.text : null;
    case 'list':
    case 'tuple':
    case 'array': {
      const vs = n.namedChildren.map((c) => valueOf(c, s, d));
      return vs.every((v) => typeof v === 'string') ? vs : null;
    }
    case 'binary_operator':
    case 'binary_expression': {
      const l = n.childForFieldName('left');
      const r = n.childForFieldName('right');
      const lv = l === null ? null : valueOf(l, s, d);
      const rv = r === null ? null : valueOf(r, s, d);
      return typeof lv === 'string' && typeof rv === 'string' ? lv + rv : null;
    }
    case 'subscript':
    case 'subscript_expression':
      return /environ|process\.env/.test(n.text) && /HOME/.test(n.text) ? '~' : null;
    case 'member_expression':
      return n.text === 'process.env.HOME' ? '~' : null;
    case 'call':
    case 'call_expression': {
      const fn = nameOf(n.childForFieldName('function'), s);
      const a = firstArg(n, s, d);
      if (HOME_CALLS.has(fn)) return ENV_CALLS.has(fn) ? (a === 'HOME' ? '~' : null) : (a ?? '~');
      if (JOIN_CALLS.has(fn)) return joinValue(argNodes(n).map((x) => valueOf(x, s, d)));
      if (/(?:^|\.)(?:Path|PurePath)$/.test(fn) || fn === 'path.resolve')
        return typeof a === 'string' ? a : null;
      if (/\.expanduser$/.test(fn))
        return valueOf(n.childForFieldName('function')?.childForFieldName('object') ?? n, s, d);
      return null;
    }
    case 'parenthesized_expression':
    case 'non_null_expression':
      return n.namedChildren[0] === undefined ? null : valueOf(n.namedChildren[0], s, d);
    default:
      return null;
  }
}

/** `join('~', 'a')` is `~/a`; `join('~', d)` with `d` unknown is `~/*` (anything directly under `~`). */
function joinValue(parts: Val[]): Val {
  const [base, ...rest] = parts;
  if (typeof base !== 'string') return null;
  const known: string[] = [base];
  for (const p of rest) {
    if (typeof p !== 'string') return `${known.join('/')}/*`;
    known.push(p);
  }
  return known.join('/').replace(/\/{2,}/g, '/');
}

function noteImports(n: Node, s: Scope): void {
  if (s.lang === 'python') {
    if (n.type === 'import_statement')
      for (const c of n.namedChildren)
        if (c.type === 'aliased_import') {
          const name = c.childForFieldName('name')?.text;
          const as = c.childForFieldName('alias')?.text;
          if (name !== undefined && as !== undefined) s.alias.set(as, name);
        }
    if (n.type === 'import_from_statement') {
      const mod = n.childForFieldName('module_name')?.text ?? '?';
      for (const c of n.childrenForFieldName('name')) {
        const name = c.type === 'aliased_import' ? c.childForFieldName('name')?.text : c.text;
        const as = c.type === 'aliased_import' ? c.childForFieldName('alias')?.text : c.text;
        if (name !== undefined && as !== undefined) s.alias.set(as, `${mod}.${name}`);
      }
    }
    if (n.type === 'assignment') {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (left?.type === 'identifier' && right !== null) {
        // `s = socket.socket()`: later `s.sendall(...)` is a call on that kind of object
        const made = right.type === 'call' ? nameOf(right, s) : '?';
        if (NET_OBJECTS.test(made)) s.alias.set(left.text, made);
        else s.vars.set(left.text, valueOf(right, s));
        noteEnvVar(left.text, right, s);
      }
      if (left !== null && right !== null) noteShape(left, right, s.shape);
    }
    return;
  }
  if (n.type === 'import_statement') {
    const mod = moduleName(
      n.childForFieldName('source') === null
        ? null
        : valueOf(n.childForFieldName('source') as Node, s),
    );
    const clause = n.namedChildren.find((c) => c.type === 'import_clause');
    for (const c of clause?.namedChildren ?? []) {
      if (c.type === 'identifier') s.alias.set(c.text, mod);
      if (c.type === 'namespace_import') {
        const id = c.namedChildren.find((x) => x.type === 'identifier');
        if (id !== undefined) s.alias.set(id.text, mod);
      }
      if (c.type === 'named_imports')
        for (const spec of c.namedChildren) {
          const name = spec.childForFieldName('name')?.text;
          const as = spec.childForFieldName('alias')?.text ?? name;
          if (name !== undefined && as !== undefined) s.alias.set(as, `${mod}.${name}`);
        }
    }
  }
  if (n.type === 'assignment_expression') {
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    if (left !== null && right !== null) noteShape(left, right, s.shape);
  }
  if (n.type === 'variable_declarator') {
    const name = n.childForFieldName('name');
    const value = n.childForFieldName('value');
    if (name === null || value === null) return;
    if (name.type === 'identifier') noteEnvVar(name.text, value, s);
    noteShape(name, value, s.shape);
    const isModule = /^(?:call_expression|member_expression|await_expression)$/.test(value.type);
    const target = isModule ? nameOf(value, s) : '?';
    if (name.type === 'identifier') {
      if (isModule && !target.endsWith('()') && target !== '?') s.alias.set(name.text, target);
      else s.vars.set(name.text, valueOf(value, s));
    } else if (name.type === 'object_pattern' && target !== '?')
      for (const p of name.namedChildren) {
        if (p.type === 'shorthand_property_identifier_pattern')
          s.alias.set(p.text, `${target}.${p.text}`);
        if (p.type === 'pair_pattern') {
          const key = p.childForFieldName('key')?.text;
          const val = p.childForFieldName('value')?.text;
          if (key !== undefined && val !== undefined) s.alias.set(val, `${target}.${key}`);
        }
      }
  }
}

function noteEnvVar(name: string, value: Node, s: Scope): void {
  if (s.env === null) return;
  if (carriesEnvironment(value, s.env)) s.env.envVars.add(name);
  else s.env.envVars.delete(name);
}

function innermostCall(fn: Node | null): Node | null {
  let n = fn;
  while (n !== null && (n.type === 'attribute' || n.type === 'member_expression'))
    n = n.childForFieldName('object');
  return n !== null && (n.type === 'call' || n.type === 'call_expression') ? n : null;
}

function visit(n: Node, s: Scope, depth: number): void {
  if (++s.steps > MAX_STEPS || depth > 200) return;
  noteImports(n, s);
  const loop = s.env !== null && iteratesEnvironment(n, s.env);
  if (loop) s.envLoops++;
  noteFetched(n, s);
  // `new Function(code)` compiles its argument as `eval` does
  if (n.type === 'new_expression' && n.childForFieldName('constructor')?.text === 'Function')
    s.calls.push({
      callee: 'Function',
      args: argNodes(n).map((a) => valueOf(a, s)),
      kwargs: {},
      recv: [],
      shapes: {},
      fetchedArg: argNodes(n).some((a) => fetchedArgument(a, s)),
      envArg: false,
    });
  let downloads = false;
  if (n.type === 'call' || n.type === 'call_expression') {
    const fn = n.childForFieldName('function');
    downloads = fn !== null && hasFetch(fn, s);
    const args: Val[] = [];
    const kwargs: Record<string, Val> = {};
    for (const a of argNodes(n)) {
      if (a.type === 'keyword_argument') {
        const k = a.childForFieldName('name')?.text;
        const v = a.childForFieldName('value');
        if (k !== undefined) kwargs[k] = v === null ? null : valueOf(v, s);
      } else if (a.type === 'object') {
        for (const p of a.namedChildren)
          if (p.type === 'pair') {
            const k = p.childForFieldName('key')?.text;
            const v = p.childForFieldName('value');
            if (k !== undefined) kwargs[k] = v === null ? null : v.text;
          }
      } else args.push(valueOf(a, s));
    }
    const inner = innermostCall(fn);
    const callee = nameOf(fn, s);
    s.calls.push({
      callee,
      args,
      kwargs,
      recv: inner === null ? [] : argNodes(inner).map((a) => valueOf(a, s)),
      fetchedArg: argNodes(n).some((a) => fetchedArgument(a, s)),
      envArg:
        s.envLoops > 0 ||
        (s.env !== null && argNodes(n).some((a) => s.env !== null && carriesEnvironment(a, s.env))),
      shapes: REQUEST_LIKE.test(callee.replace(/\(\)/g, '')) ? argShapes(n, s) : {},
    });
  }
  downloads ||=
    (n.type === 'call' || n.type === 'call_expression') &&
    FETCH_CALLS.test(nameOf(n.childForFieldName('function'), s).replace(/\(\)/g, ''));
  if (downloads) s.fetchDepth++;
  // `fetch(u).then((r) => r.text()).then(eval)`: the evaluator handed the download itself
  if (downloads && argNodes(n).some((a) => /^(?:eval|Function)$/.test(a.text)))
    s.calls.push({
      callee: 'eval',
      args: [],
      kwargs: {},
      recv: [],
      shapes: {},
      fetchedArg: true,
      envArg: false,
    });
  for (const c of n.namedChildren) visit(c, s, depth + 1);
  if (downloads) s.fetchDepth--;
  if (loop) s.envLoops--;
}

/** Positional arguments that are no address: a mapping (headers, a body) or a callback. */
const NOT_ADDRESS = /^(?:dictionary|arrow_function|function_expression|function|lambda)$/;

/** The shapes of a request's arguments: by position, by keyword, by an options object's key. */
function argShapes(call: Node, s: Scope): Record<string, UrlShape> {
  const out: Record<string, UrlShape> = {};
  let i = 0;
  for (const a of argNodes(call)) {
    if (a.type === 'keyword_argument') {
      const k = a.childForFieldName('name')?.text;
      const v = a.childForFieldName('value');
      if (k !== undefined && v !== null) out[k] = urlShape(v, s.shape);
    } else if (a.type === 'object') {
      for (const p of a.namedChildren) {
        const k = p.childForFieldName('key')?.text;
        const v = p.childForFieldName('value');
        if (p.type === 'pair' && k !== undefined && v !== null) out[k] = urlShape(v, s.shape);
        if (p.type === 'shorthand_property_identifier') out[p.text] = urlShape(p, s.shape);
      }
    } else if (!NOT_ADDRESS.test(a.type)) out[String(i++)] = urlShape(a, s.shape);
  }
  return out;
}

/** A variable assigned from a download: what later code runs of it is downloaded code. */
function noteFetched(n: Node, s: Scope): void {
  const [left, right] =
    n.type === 'assignment'
      ? [n.childForFieldName('left'), n.childForFieldName('right')]
      : n.type === 'variable_declarator'
        ? [n.childForFieldName('name'), n.childForFieldName('value')]
        : [null, null];
  if (left?.type === 'identifier' && right !== null && hasFetch(right, s)) s.fetched.add(left.text);
}

/** Every call in a parsed program, in source order. This code is attacker-controlled (an agent wrote it). */
function newScope(lang: CodeLanguage, root: Node): Scope {
  const s: Scope = {
    lang,
    alias: new Map(),
    vars: new Map(),
    calls: [],
    steps: 0,
    env: null,
    envLoops: 0,
    fetchDepth: 0,
    fetched: new Set(),
    shape: {
      name: (x) => nameOf(x, s),
      known: (x) => {
        const v = valueOf(x, s);
        return typeof v === 'string' ? v : null;
      },
      shapes: new Map(),
      budget: { left: SHAPE_BUDGET },
    },
  };
  // the environment is looked for only in code that names it (an alias still names `environ`/`env`)
  if (/environ|\benv\b/.test(root.text)) s.env = { name: (x) => nameOf(x, s), envVars: new Set() };
  return s;
}

export function collectCalls(root: Node, lang: CodeLanguage): CodeCall[] {
  const s = newScope(lang, root);
  visit(root, s, 0);
  return s.calls;
}

/**
 * Whether a JavaScript program ends with an expression carrying the environment's values: what
 * `node -p` prints (`node -p "JSON.stringify(process.env)"`). For `-e` such a program does nothing.
 */
export function endsWithEnvironment(root: Node, lang: CodeLanguage): boolean {
  const s = newScope(lang, root);
  if (lang !== 'javascript' || s.env === null) return false;
  const last = root.namedChildren.filter((c) => c.type !== 'comment').at(-1);
  return last?.type === 'expression_statement' && carriesEnvironment(last, s.env);
}
