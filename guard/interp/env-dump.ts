// docs/guard.md "Interpreter code": the whole environment's values as an expression (`dict(os.environ)`, `JSON.stringify(process.env)`), not one variable or the names.
import type { Node } from 'web-tree-sitter';

/** What the reader knows at a node: resolved dotted names and the variables holding the environment. */
export interface EnvScope {
  name: (n: Node | null) => string;
  /** Variables assigned an expression that carries the environment (`e = dict(os.environ)`). */
  envVars: Set<string>;
}

const WHOLE = new Set(['os.environ', 'process.env']);
/** Calls that return the environment's values (or pairs) themselves. */
const VALUE_CALLS =
  /^(?:os\.environ\.(?:copy|items|values)|Deno\.env\.toObject|os\.environ\._data\.items)$/;
/** Methods of an environment-carrying value that keep its values. */
const VALUE_METHODS = /\.(?:items|values|copy|entries|toString|to_dict)$/;
/** Calls that keep the values of what they are given: conversions, serialisers, joins. */
const KEEPS =
  /^(?:dict|str|repr|format|json\.dumps|JSON\.stringify|pprint\.pformat|util\.inspect|util\.format|yaml\.dump|yaml\.safe_dump|toml\.dumps|Object\.entries|Object\.values|Object\.assign|Object\.fromEntries|structuredClone|Buffer\.from|base64\.b64encode|btoa|encodeURIComponent|new URLSearchParams|URLSearchParams|.*\.(?:join|format|encode|map|filter|sort))$/;
/** Iterating calls: a bare mapping gives its keys, so only a value-carrying argument keeps values. */
const ITERATES = /^(?:list|tuple|sorted|set|Array\.from)$/;
const MAX_NODES = 2_000;

function call(n: Node): boolean {
  return n.type === 'call' || n.type === 'call_expression' || n.type === 'new_expression';
}

/**
 * Whether the expression at `n` carries the values of the whole environment. Bounded: at most
 * 2,000 nodes are looked at (this code is attacker-controlled), past that the answer is no.
 * @example carriesEnvironment(parse('json.dumps(dict(os.environ))'), scope) // true
 */
export function carriesEnvironment(n: Node, s: EnvScope, budget = { left: MAX_NODES }): boolean {
  if (--budget.left < 0) return false;
  switch (n.type) {
    case 'identifier':
      return s.envVars.has(n.text) || WHOLE.has(s.name(n));
    case 'attribute':
    case 'member_expression':
      return WHOLE.has(s.name(n));
    case 'subscript':
    case 'subscript_expression':
      return false;
    case 'for_in_clause':
      return iteratesEnvironment(n, s);
    // a test (`'CI' in os.environ`, `process.env.X === '1'`) gives a boolean, not the values
    case 'comparison_operator':
    case 'not_operator':
      return false;
    case 'binary_expression':
      if (/^(?:in|===?|!==?|<=?|>=?|instanceof)$/.test(n.childForFieldName('operator')?.text ?? ''))
        return false;
      return n.namedChildren.some((c) => carriesEnvironment(c, s, budget));
    case 'call':
    case 'call_expression':
    case 'new_expression': {
      const fnNode = n.childForFieldName('function') ?? n.childForFieldName('constructor');
      const fn = s.name(fnNode);
      const args = n.childForFieldName('arguments')?.namedChildren ?? [];
      if (VALUE_CALLS.test(fn)) return true;
      const recv = fnNode?.childForFieldName('object') ?? null;
      if (VALUE_METHODS.test(fn) && recv !== null && carriesEnvironment(recv, s, budget))
        return true;
      if (/\.(?:join|format|map)$/.test(fn) && recv !== null && call(recv))
        if (carriesEnvironment(recv, s, budget)) return true;
      if (ITERATES.test(fn)) return args.some((a) => call(a) && carriesEnvironment(a, s, budget));
      if (KEEPS.test(n.type === 'new_expression' ? `new ${fn}` : fn))
        return args.some((a) => carriesEnvironment(a, s, budget));
      return false;
    }
    default:
      return n.namedChildren.some((c) => carriesEnvironment(c, s, budget));
  }
}

function bare(n: Node, s: EnvScope): boolean {
  return WHOLE.has(s.name(n)) || (n.type === 'identifier' && s.envVars.has(n.text));
}

/**
 * Whether a loop at `n` walks the environment's values: `for k, v in os.environ.items()`,
 * `for (const [k, v] of Object.entries(process.env))`, `Object.entries(process.env).forEach(...)`,
 * or a loop over its names whose body reads each value (`os.environ[k]`, `process.env[k]`).
 * Other nodes: false.
 */
export function iteratesEnvironment(n: Node, s: EnvScope): boolean {
  if (call(n)) {
    const fnNode = n.childForFieldName('function');
    const recv = fnNode?.childForFieldName('object') ?? null;
    return (
      /\.(?:forEach|map|flatMap|reduce|each|each_pair)$/.test(s.name(fnNode)) &&
      recv !== null &&
      !bare(recv, s) &&
      carriesEnvironment(recv, s)
    );
  }
  const over =
    n.type === 'for_statement' || n.type === 'for_in_statement' || n.type === 'for_in_clause'
      ? n.childForFieldName('right')
      : null;
  if (over === null) return false;
  const body = n.type === 'for_in_clause' ? n.parent : n.childForFieldName('body');
  // a mapping iterated bare gives its names; the values only when the body looks each one up
  if (bare(over, s)) return /(?:environ|process\.env)\s*\[/.test(body?.text ?? '');
  return carriesEnvironment(over, s);
}
