// One simple command recorded, with what its wrappers run (docs/guard.md "Indirection").
import type { Node } from '../parser.js';
import type { ShellCommand } from '../model.js';
import { basename, unwrap } from '../wrappers.js';
import type { Field } from '../expand.js';
import { assign, assignFromRead } from '../assign.js';
import { evalPipeline } from '../static-eval.js';
import { optionScripts } from '../indirect.js';
import { hookVariable } from '../hooks.js';
import { followInner } from './follow-inner.js';
import { xargsItems } from './piped-items.js';
import { heredocBody } from './redirects.js';
import { reparse } from './reparse.js';
import { fail, type Place, type Walk } from './state.js';
import { walkSubstitutions } from './tree-walk.js';

const SUBSTITUTION = /\$\(|`|[<>]\(/;

export function emitCommand(w: Walk, node: Node, at: Place, depth: number): void {
  const place: Place = at.dropped === undefined ? at : { ...at, dropped: undefined };
  const dropped = at.dropped?.id === node.id ? at.dropped.words : [];
  const words: Field[] = [];
  let stdin = place.stdin;
  let wordEnd = -1;
  const hooks: string[] = [];
  const env: { name: string; substituted: boolean }[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') {
      // `GIT_SSH_COMMAND='...' git fetch`: a variable whose value the program runs
      const name = child.childForFieldName('name')?.text ?? '';
      const value = child.childForFieldName('value')?.text ?? '';
      const hook = hookVariable(name, value);
      if (hook !== null) hooks.push(hook);
      env.push({ name, substituted: SUBSTITUTION.test(value) });
    }
    if (
      child.type === 'variable_assignment' ||
      child.type === 'file_redirect' ||
      child.type === 'herestring_redirect'
    ) {
      // a prefix assignment (`X=1 cmd`) only reaches cmd's environment: not recorded
      walkSubstitutions(w, child, place, depth + 1);
      if (child.type === 'herestring_redirect') stdin = heredocBody(w, child) ?? stdin;
      continue;
    }
    const target = child.type === 'command_name' ? (child.namedChildren[0] ?? child) : child;
    const fields = w.expand.fields(target);
    if (child.startIndex === wordEnd && words.length > 0 && fields.length > 0) {
      // No blank between two words: tree-sitter-bash split one shell word in two (`x''$X/y` reads
      // as `x''$` and `X/y`), and what bash expands there is not what the pieces say.
      const last = words.pop() as Field;
      const [first, ...rest] = fields as [Field, ...Field[]];
      words.push(
        { text: last.text + first.text, dynamic: true, tainted: last.tainted || first.tainted },
        ...rest,
      );
    } else words.push(...fields);
    wordEnd = child.endIndex;
    // only words that can hold a substitution are walked: a long quoted word has thousands of nodes
    if (SUBSTITUTION.test(target.text)) walkSubstitutions(w, target, place, depth + 1);
  }
  for (const text of dropped) words.push({ text, dynamic: false, tainted: false });
  const cmd = emitWords(w, words, place, stdin);
  if (cmd !== undefined && env.length > 0) cmd.env = env;
  const via = basename(words[0]?.text ?? '');
  for (const h of hooks) reparse(w, h, place, via);
}

export function emitWords(
  w: Walk,
  words: readonly (Field | string)[],
  place: Place,
  stdin: string | undefined,
): ShellCommand | undefined {
  w.args += words.length;
  if (w.args > w.limits.maxArgs) {
    fail(w, 'too_many_args');
    return undefined;
  }
  const inner = stdin === place.stdin || stdin === undefined ? place : { ...place, stdin };
  const cmd = addCommand(w, words, inner);
  if (cmd.name === 'read') assignFromRead(w.expand.env, cmd.argv, cmd.stdin, place.branch);
  else if (cmd.name === 'printf' && cmd.argv[1] === '-v' && cmd.argv[2] !== undefined) {
    const out = evalPipeline([{ argv: ['printf', ...cmd.argv.slice(3)] }], w.limits.maxBytes);
    assign(w.expand.env, cmd.argv[2], out, false, place.branch);
  }
  return cmd;
}

export function addCommand(
  w: Walk,
  words: readonly (Field | string)[],
  place: Place,
): ShellCommand {
  const fields = words.map((f) =>
    typeof f === 'string' ? { text: f, dynamic: false, tainted: false } : f,
  );
  const peeled = unwrap(fields.map((f) => f.text));
  let { argv } = peeled;
  const { wrappers } = peeled;
  const head = fields[fields.length - argv.length];
  // `busybox rm -rf ~`: the applet is the command
  const multi = basename(argv[0] ?? '');
  if (
    (multi === 'busybox' || multi === 'toybox') &&
    argv[1] !== undefined &&
    !argv[1].startsWith('-')
  ) {
    wrappers.push(multi);
    argv = argv.slice(1);
  }
  // Windows runs `curl.exe` as `curl`: the program, whatever suffix the command gave it
  const name = basename(argv[0] ?? '').replace(/\.exe$/i, '');
  const cmd: ShellCommand = {
    argv,
    name,
    wrappers,
    pipeline: place.pipeline,
    stage: place.stage,
    stages: place.stages,
    redirects: place.redirects,
    substitution: place.substitution,
    nested: place.nested,
  };
  if (place.stdin !== undefined) cmd.stdin = place.stdin;
  if (place.via !== undefined) cmd.via = place.via;
  if (head?.dynamic === true) cmd.dynamic = true;
  if (head?.tainted === true) cmd.tainted = true;
  if (wrappers.includes('xargs')) xargsItems(w, cmd);
  if (name === 'echo' || name === 'printf') {
    // `printf '#!/bin/sh\nrm -rf ~' > t.sh`: the file holds what the command prints
    const text = evalPipeline([{ argv }], w.limits.maxBytes);
    for (const r of place.redirects)
      if ((r.op === '>' || r.op === '>>') && text !== null && w.files.size < 64)
        w.files.set(r.target, r.op === '>>' ? (w.files.get(r.target) ?? '') + text : text);
  }
  if ((name === 'cat' || name === 'tee') && cmd.stdin !== undefined) {
    const out = name === 'tee' ? argv.slice(1).filter((a) => !a.startsWith('-')) : [];
    for (const r of place.redirects) if (r.op === '>' || r.op === '>>') out.push(r.target);
    for (const f of out) if (w.files.size < 64) w.files.set(f, cmd.stdin);
  }
  w.out.commands.push(cmd);
  // `env -S 'rm -rf ~'`: env is a wrapper, so its split string is read before it is peeled
  const env = fields.findIndex((f) => basename(f.text) === 'env');
  if (env >= 0 && env < fields.length - argv.length) {
    for (const body of optionScripts(fields.slice(env).map((f) => f.text))) reparse(w, body, place);
    for (const f of fields.slice(env + 1, fields.length - argv.length)) {
      const eq = f.text.indexOf('=');
      const hook = eq > 0 ? hookVariable(f.text.slice(0, eq), f.text.slice(eq + 1)) : null;
      if (hook !== null) reparse(w, hook, place, name);
    }
  }
  // `watch 'cmd'`, `flock LOCK -c 'cmd'`: the wrapper hands its words to `sh -c`
  const viaShell = wrappers.find((x) => x === 'watch' || x === 'flock');
  if (viaShell !== undefined && /[\s;|&<>]/.test(argv[0] ?? ''))
    reparse(w, argv.join(' '), place, viaShell);
  followInner(w, cmd, place);
  return cmd;
}
