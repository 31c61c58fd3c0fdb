// The strings an R expression shows (R Language Definition §10.3.2 "Constants", §10.3.1 "Calls"):
// literals, `c(...)` vectors, home as R names it (`Sys.getenv("HOME")`, `path.expand("~")`,
// `fs::path_home()`), joins (`file.path`, `paste0`, `paste`), a folder's listing (`list.files(D)`,
// read as `D/*`) and variables bound once by `<-` or `=`. No R grammar is installed: arguments are
// split by the bounded call reader Go code uses (guard/interp/go-args.ts).
import { goCalls } from './go-args.js';

const MAX_DEPTH = 8;
const MAX_VARS = 256;
const LITERAL = /^(?:"((?:[^"\\\n]|\\.){0,1024})"|'((?:[^'\\\n]|\\.){0,1024})')$/;
const HOME_VARS = /^["'](?:HOME|R_USER|USERPROFILE)["']$/;
/** `d <- "~/x"`, `d = file.path(h, "y")`, `d <<- ...`: one binding per line or statement. */
const BINDING =
  /(?:^|[\n;{])[ \t]*([A-Za-z.][\w.]{0,63})[ \t]*(?:<<?-|=(?!=))[ \t]*([^\n;]{1,512})/g;

export type RVars = ReadonlyMap<string, string[]>;

/** An argument's name when it is given as `name = value` (not `==`). */
export function argName(arg: string): string | null {
  return /^([A-Za-z.][\w.]*)\s*=(?!=)/.exec(arg)?.[1] ?? null;
}

/** The value of an argument given as `name = value`, or positionally. */
export function argValue(arg: string): string {
  return argName(arg) === null ? arg : arg.slice(arg.indexOf('=') + 1).trim();
}

/** The raw arguments of a call written as text (`f(a, b)`), or null. */
function innerArgs(expr: string, callee: string): string[] | null {
  const m = new RegExp(`^(?:[A-Za-z]\\w*::)?(?:${callee})\\s*\\(`).exec(expr);
  if (m === null || !expr.endsWith(')')) return null;
  return goCalls(`F${expr.slice(m[0].length - 1)}`, 'F')[0]?.args ?? null;
}

/** The strings `expr` evaluates to when the code shows them; null when only the run decides. */
export function rValues(expr: string, vars: RVars, depth = 0): string[] | null {
  const a = expr.trim();
  if (depth > MAX_DEPTH || a === '') return null;
  const lit = LITERAL.exec(a);
  if (lit !== null) return [(lit[1] ?? lit[2] ?? '').replace(/\\(.)/g, '$1')];
  if (/^[A-Za-z.][\w.]*$/.test(a)) return vars.get(a) ?? null;
  const positional = (args: string[]): string[] => args.filter((x) => argName(x) === null);
  const getenv = innerArgs(a, 'Sys\\.getenv');
  if (getenv !== null) return HOME_VARS.test(getenv[0]?.trim() ?? '') ? ['~'] : null;
  const home = innerArgs(a, 'path_home');
  if (home !== null) return join(['"~"', ...positional(home)], '/', vars, depth);
  const vec = innerArgs(a, 'c');
  if (vec !== null) {
    const all = vec.map((v) => rValues(v, vars, depth + 1));
    return all.some((v) => v === null) ? null : (all as string[][]).flat();
  }
  const same = innerArgs(a, 'path\\.expand|normalizePath|path_expand|path_abs|I');
  if (same !== null) return rValues(same[0] ?? '', vars, depth + 1);
  const listing = innerArgs(a, 'list\\.files|list\\.dirs|dir|dir_ls');
  if (listing !== null) {
    const from = positional(listing)[0];
    const d = from === undefined ? ['.'] : rValues(from, vars, depth + 1);
    return d === null ? null : d.map((x) => `${x.replace(/\/$/, '')}/*`);
  }
  const fp = innerArgs(a, 'file\\.path|path');
  if (fp !== null) return join(positional(fp), '/', vars, depth);
  const p0 = innerArgs(a, 'paste0');
  if (p0 !== null) return join(positional(p0), '', vars, depth);
  const p = innerArgs(a, 'paste');
  if (p !== null) return join(positional(p), ' ', vars, depth);
  return null;
}

/** Parts each showing one string, joined by `sep`; null when any part is unknown. */
function join(parts: string[], sep: string, vars: RVars, depth: number): string[] | null {
  const out: string[] = [];
  for (const part of parts) {
    const v = rValues(part, vars, depth + 1);
    if (v === null || v.length !== 1) return null;
    out.push(v[0] ?? '');
  }
  const joined = out.join(sep);
  return [sep === '/' ? joined.replace(/\/{2,}/g, '/') : joined];
}

/** Variables bound to values the code shows, in order (a later binding of a name replaces it). */
export function rBindings(code: string): Map<string, string[]> {
  const vars = new Map<string, string[]>();
  for (const m of code.matchAll(BINDING)) {
    if (vars.size >= MAX_VARS) break;
    const v = rValues(m[2] ?? '', vars);
    if (v !== null && m[1] !== undefined) vars.set(m[1], v);
  }
  return vars;
}
