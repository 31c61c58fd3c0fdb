// The child of test/docs/docs-commands.test.ts: checks documented `mesh` command lines against the
// built command tree (dist/, what bin/mesh.js falls back to) in one plain node process, so the
// check loads the CLI in about a second. Commander parses each line with every action and hook
// replaced by nothing: an unknown command, an unknown flag, a missing required argument or option,
// or a value a flag's own parser refuses is an error, and nothing runs.
// stdin: {"argvs": [[word...]...], "synopses": [line...]}; stdout: {"argvs": [error|null...],
// "synopses": [error|null...], "help": [error...]}.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { CommanderError } = await import('commander');
const { buildProgram } = await import(
  pathToFileURL(join(ROOT, 'dist', 'node', 'cli', 'program.js')).href
);
const HELP_CODES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);
let captured = '';
const CAPTURE = {
  writeOut: (s) => (captured += s),
  writeErr: (s) => (captured += s),
};

/**
 * Every action and hook inert. Commander keeps both private: `--ca`'s preAction hook must not run,
 * and a command with subcommands may have an action of its own (`mesh gossip --peer ...`).
 */
function inert(cmd) {
  cmd.exitOverride().configureOutput(CAPTURE);
  cmd._lifeCycleHooks = {};
  if (cmd._actionHandler) cmd.action(() => {});
  cmd.commands.forEach(inert);
}

const root = await buildProgram([]);
inert(root);
const names = new Set(root.commands.map((c) => c.name()));

/** Why ARGS (the words after `mesh`) do not parse, or null. */
async function parseError(args) {
  try {
    await root.parseAsync([...args], { from: 'user' });
    return null;
  } catch (e) {
    if (e instanceof CommanderError) return HELP_CODES.has(e.code) ? null : e.message;
    return e instanceof Error ? e.message : String(e);
  }
}

const pathOf = (cmd) => {
  const out = [];
  for (let c = cmd; c.parent; c = c.parent) out.unshift(c.name());
  return out;
};

/**
 * Why a synopsis (`mesh log verify --proof FILE [--json]`) names a command or flag that does not
 * exist, or null: the leading words must be a command path (`a|b` alternatives each), and every
 * `--flag` and `-x` before a `--` an option of that command or of one above it, a required one
 * not inside `[...]`.
 */
function synopsisError(words) {
  let cmd = root;
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    if (/^[a-z][a-z-]*(\|[a-z][a-z-]*)+$/.test(w)) {
      for (const alt of w.split('|')) {
        const e = synopsisError([...pathOf(cmd), alt, ...words.slice(i + 1)]);
        if (e !== null) return e;
      }
      return null;
    }
    const sub = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (sub === undefined) break;
    cmd = sub;
  }
  const next = words[i] ?? '';
  if (
    /^[a-z][a-z-]*$/.test(next) &&
    cmd.commands.length > 0 &&
    cmd.registeredArguments.length === 0
  )
    return `unknown command '${next}'${cmd === root ? '' : ` under 'mesh ${pathOf(cmd).join(' ')}'`}`;
  const known = new Set(['--help', '-h']);
  const required = new Set(cmd.options.filter((o) => o.mandatory).map((o) => o.long));
  for (let c = cmd; c !== null; c = c.parent)
    for (const o of c.options) {
      if (o.long) known.add(o.long);
      if (o.short) known.add(o.short);
    }
  const rest = words.slice(i);
  const stop = rest.indexOf('--');
  const text = (stop < 0 ? rest : rest.slice(0, stop)).join(' ');
  const optionalOnly = new Set();
  const given = new Set();
  for (const m of text.matchAll(/(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])/g)) {
    if (!known.has(m[1])) return `'mesh ${pathOf(cmd).join(' ')}' has no option ${m[1]}`;
    const before = text.slice(0, m.index);
    const inBrackets = before.split('[').length > before.split(']').length;
    (inBrackets ? optionalOnly : given).add(m[1]);
  }
  // a required option written only as optional ([--name NAME]) misleads the reader
  for (const flag of optionalOnly)
    if (required.has(flag) && !given.has(flag))
      return `'mesh ${pathOf(cmd).join(' ')}' requires ${flag}; the synopsis shows it optional`;
  return null;
}

/** Every command's --help parses and prints its usage; the `mesh` lines in it exist. */
async function helpErrors() {
  const errors = [];
  const walk = (c) => c.commands.flatMap((s) => [s, ...walk(s)]);
  for (const cmd of walk(root)) {
    const path = pathOf(cmd);
    captured = '';
    const e = await parseError([...path, '--help']);
    if (e !== null) errors.push(`mesh ${path.join(' ')} --help: ${e}`);
    if (!captured.startsWith(`Usage: mesh ${path.join(' ')}`))
      errors.push(`mesh ${path.join(' ')} --help printed ${captured.slice(0, 80)}`);
    for (const m of captured.matchAll(/(?:^|[\s(`"])(mesh [a-z][^`"\n),;]*)/g)) {
      const words = m[1].replace(/[.:]$/, '').split(/\s+/).slice(1);
      // prose ("the whole mesh on 127.0.0.1") is not a command line
      if (!names.has(words[0])) continue;
      const bad = synopsisError(words);
      if (bad !== null) errors.push(`mesh ${path.join(' ')} --help: ${m[1]}\n  ${bad}`);
    }
  }
  return errors;
}

const input = JSON.parse(readFileSync(0, 'utf8'));
const argvs = [];
for (const a of input.argvs) argvs.push(await parseError(a));
const synopses = input.synopses.map((l) => synopsisError(l.trim().split(/\s+/).slice(1)));
process.stdout.write(JSON.stringify({ argvs, synopses, help: await helpErrors() }) + '\n');
