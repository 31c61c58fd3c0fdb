// A script's assignments, into its variables (docs/guard.md "Commands assembled at run time").
import type { Node } from '../parser.js';
import type { Field } from '../expand.js';
import { assign } from '../assign.js';
import type { Place, Walk } from './state.js';

export function assignNode(w: Walk, node: Node, place: Place): void {
  const name = node.childForFieldName('name');
  if (name === null) return;
  const value = node.childForFieldName('value');
  const v = value === null ? { text: '', dynamic: false, tainted: false } : w.expand.value(value);
  assignValue(w, name.text, node.text.startsWith(`${name.text}+=`), v, place.branch);
}

/** `name=value` or `name+=value` into the script's variables. */
export function assignValue(
  w: Walk,
  name: string,
  append: boolean,
  v: Field,
  branch: boolean,
): void {
  const old = w.expand.env.get(name);
  if (v.dynamic && !append && namesOnlyUnknowns(w, v.text)) {
    // `T="$HOME/"; rm -rf "${T}"*`: the variables the run decides stay named in the value, so a
    // later word reads as the path it names (`$HOME/*`), still marked dynamic
    assign(w.expand.env, name, v.text, v.tainted, branch, false);
    return;
  }
  const text = v.dynamic ? null : append ? (old?.text == null ? null : old.text + v.text) : v.text;
  assign(w.expand.env, name, text, v.tainted, branch);
}

/** A value whose unresolved parts are only parameters (`$HOME/x`, `${D}/`): no substitution. */
const PARAMETERS_ONLY = /^(?![^]*(?:\$\(|`|<\(|>\())[^]{0,4096}$/;

/**
 * The value names only variables the script never set (the run's own, such as `$HOME`): a value
 * left unexpanded for its size (`$x$x$x` of a long `x`) names set ones and stays unknown.
 */
function namesOnlyUnknowns(w: Walk, text: string): boolean {
  if (!PARAMETERS_ONLY.test(text)) return false;
  for (const m of text.matchAll(/\$\{?([A-Za-z_]\w*)/g))
    if (w.expand.env.has(m[1] ?? '')) return false;
  return true;
}
