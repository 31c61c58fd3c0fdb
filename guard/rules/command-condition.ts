// `{"command": {...}}`: a parsed command's program, subcommand, flags and arguments (docs/guard.md "Command conditions").
import type { RE2JS } from 're2js';
import { RuleError } from '../errors.js';
import type { ShellCommand } from '../shell/model.js';
import type { CompileState, CompiledCondition } from './condition.js';
import { getField, parseFieldPath } from './field.js';
import { compileGlob } from './glob.js';

const KEYS = ['field', 'program', 'subcommand', 'flags', 'args'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The words after the program: flags (up to `--`) and positional arguments, in order. */
export function splitArgs(argv: readonly string[]): { flags: string[]; positional: string[] } {
  const flags: string[] = [];
  const positional: string[] = [];
  let ended = false;
  for (const a of argv.slice(1)) {
    if (!ended && a === '--') ended = true;
    else if (!ended && a.length > 1 && a.startsWith('-')) flags.push(a);
    else positional.push(a);
  }
  return { flags, positional };
}

/** `-f` matches `-f` and any short cluster holding f (`-rf`); longer names match `--x` or `--x=v`. */
export function flagMatches(spec: string, flag: string): boolean {
  if (/^-[A-Za-z0-9]$/.test(spec))
    return flag === spec || (/^-[A-Za-z0-9]+$/.test(flag) && flag.includes(spec.slice(1)));
  return flag === spec || flag.startsWith(`${spec}=`);
}

/** Where `words` (each a set of alternatives) stands as a consecutive run in `positional`, or -1. */
function findRun(positional: readonly string[], words: readonly Set<string>[]): number {
  for (let i = 0; i + words.length <= positional.length; i++)
    if (words.every((w, j) => w.has(positional[i + j] ?? ''))) return i;
  return -1;
}

interface Spec {
  programs: Set<string>;
  subcommand: Set<string>[];
  flagsAny: string[];
  flagsAll: string[];
  flagsNone: string[];
  argsAny: RE2JS[];
  argsNone: RE2JS[];
}

function matches(c: ShellCommand, s: Spec): boolean {
  if (!s.programs.has(c.name)) return false;
  const { flags, positional } = splitArgs(c.argv);
  const at = findRun(positional, s.subcommand);
  if (at < 0) return false;
  const has = (spec: string): boolean => flags.some((f) => flagMatches(spec, f));
  if (s.flagsAny.length > 0 && !s.flagsAny.some(has)) return false;
  if (!s.flagsAll.every(has) || s.flagsNone.some(has)) return false;
  const rest = positional.slice(at + s.subcommand.length);
  if (s.argsAny.length > 0 && !rest.some((a) => s.argsAny.some((g) => g.testExact(a))))
    return false;
  return !rest.some((a) => s.argsNone.some((g) => g.testExact(a)));
}

/** Compiles a command condition. This value is attacker-controlled when it came in a pack. */
export function compileCommand(st: CompileState, doc: unknown, path: string): CompiledCondition {
  const fail = (at: string, message: string): never => {
    throw new RuleError(st.ruleId, message, at);
  };
  const words = (v: unknown, at: string): string[] => {
    const list = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(list) || list.length === 0 || list.length > st.limits.maxListItems)
      return fail(at, 'must be a string or a non-empty list of strings');
    return list.map((x, i) =>
      typeof x === 'string' && x.length > 0 && x.length <= 256
        ? x
        : fail(`${at}[${i}]`, 'must be a non-empty string of at most 256 characters'),
    );
  };
  if (!isObject(doc)) return fail(path, 'must be an object with "program"');
  for (const k of Object.keys(doc))
    if (!KEYS.includes(k)) fail(`${path}.${k}`, `unknown key (${KEYS.join(', ')})`);
  const fieldText = doc.field ?? 'args.command';
  const parts = typeof fieldText === 'string' ? parseFieldPath(fieldText) : null;
  if (parts === null || typeof fieldText !== 'string')
    return fail(`${path}.field`, 'must be a field path');
  if (doc.program === undefined) fail(path, 'needs "program"');
  const sub = doc.subcommand ?? [];
  if (!Array.isArray(sub) || sub.length > 8)
    return fail(`${path}.subcommand`, 'must be a list of at most 8 words');
  const group = (key: 'flags' | 'args', allowed: string[]): Record<string, string[]> => {
    const g = doc[key];
    if (g === undefined) return {};
    if (!isObject(g)) return fail(`${path}.${key}`, `must be an object (${allowed.join(', ')})`);
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(g)) {
      if (!allowed.includes(k)) fail(`${path}.${key}.${k}`, `unknown key (${allowed.join(', ')})`);
      out[k] = words(v, `${path}.${key}.${k}`);
    }
    return out;
  };
  const flags = group('flags', ['any', 'all', 'none']);
  for (const [k, list] of Object.entries(flags))
    list.forEach((f, i) => {
      if (!/^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(f))
        fail(`${path}.flags.${k}[${i}]`, 'must be a flag such as -f, -auto-approve or --force');
    });
  const globs = (list: string[] | undefined, at: string): RE2JS[] =>
    (list ?? []).map((g, i) => {
      try {
        return compileGlob(g, st.limits);
      } catch (e) {
        return fail(`${at}[${i}]`, (e as Error).message);
      }
    });
  const args = group('args', ['any', 'none']);
  const spec: Spec = {
    programs: new Set(words(doc.program, `${path}.program`)),
    subcommand: sub.map((w, i) => new Set(words(w, `${path}.subcommand[${i}]`))),
    flagsAny: flags.any ?? [],
    flagsAll: flags.all ?? [],
    flagsNone: flags.none ?? [],
    argsAny: globs(args.any, `${path}.args.any`),
    argsNone: globs(args.none, `${path}.args.none`),
  };
  return (ctx) => {
    const v = getField(ctx.event, parts);
    if (typeof v !== 'string') return null;
    const cmd = ctx.shell(v).analysis.commands.find((c) => matches(c, spec));
    if (cmd === undefined) return null;
    // only the program and the words the rule names: other arguments may hold a secret
    const pos = splitArgs(cmd.argv).positional;
    const at = findRun(pos, spec.subcommand);
    const shown = [cmd.name, ...pos.slice(at, at + spec.subcommand.length)].join(' ');
    return {
      path: fieldText,
      detectors: [],
      findings: [{ path: fieldText, reason: `runs ${shown}` }],
    };
  };
}
