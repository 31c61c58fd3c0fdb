// Walks a tree-sitter-bash syntax tree into the simple commands it would run (see model.ts).
import type { Node, ShellParser } from './parser.js';
import type { Redirect, ShellAnalysis, ShellCommand, ShellLimits, ShellStatus } from './model.js';
import { DEFAULT_SHELL_LIMITS } from './model.js';
import { INTERPRETERS, SHELLS, basename, unwrap } from './wrappers.js';
import { wordText } from './words.js';
import { Expander, type Field } from './expand.js';
import { assign, assignFromRead, assignLoop, unset } from './assign.js';
import { evalPipeline } from './static-eval.js';
import { codeEffects } from '../interp/code-effects.js';
import { containerRun, optionScripts, substitutePositional } from './indirect.js';
import { cmdCode } from '../interp/cmd-code.js';
import { elixirCode } from '../interp/elixir-args.js';
import { barePowershell } from '../interp/powershell.js';
import { readPowershell } from '../interp/powershell-reader.js';
import { programStatements } from '../interp/powershell-statements.js';
import { containerExec } from './container-exec.js';
import { herestringFirst } from './herestring-order.js';
import { HOOK_VARIABLES, hookVariable } from './hooks.js';
import { localdbQuoted } from './localdb-names.js';
import { NOT_SIMPLE, readSimpleScript, type SimpleList } from './simple-script.js';

/** Most functions and aliases one script, or one session, keeps. */
export const MAX_DEFINITIONS = 256;

interface Walk {
  parser: ShellParser;
  limits: ShellLimits;
  out: ShellAnalysis;
  args: number;
  pipelines: number;
  status: ShellStatus;
  deadline: number;
  steps: number;
  /** Variables the script assigns, in walk order, shared with `eval` and `sh -c` bodies. */
  expand: Expander;
  /** Shell functions defined so far (name to body text): a call re-parses the body with its words. */
  functions: Map<string, string>;
  /** Functions being expanded now: a recursive call is not expanded again. */
  calling: Set<string>;
  /** Files the script writes from a heredoc (`cat > x.py <<EOF`), by the path as written. */
  files: Map<string, string>;
}

interface Place {
  pipeline: number;
  stage: number;
  stages: number;
  redirects: Redirect[];
  substitution: boolean;
  nested: number;
  stdin?: string;
  /** Under a branch, loop, list, pipeline or function: an assignment here may not happen. */
  branch: boolean;
  /** The program whose hook runs what is read here (awk's `system()`, git's `core.pager`, ...). */
  via?: string;
  /** Plain words the grammar left out of the command before its redirect (`git a - 2>f`). */
  dropped?: { readonly id: number; readonly words: readonly string[] } | undefined;
}

const INLINE_FLAG: Record<string, Set<string>> = {
  python: new Set(['-c']),
  node: new Set(['-e', '--eval', '-p', '--print']),
  perl: new Set(['-e', '-E']),
  ruby: new Set(['-e']),
  php: new Set(['-r']),
  deno: new Set(['eval']),
  bun: new Set(['-e', '--eval']),
  osascript: new Set(['-e']),
  pwsh: new Set(['-c', '-Command']),
  lua: new Set(['-e']),
};

const SUBSTITUTION = /\$\(|`|[<>]\(/;

function interpreterKey(name: string): string {
  const bare = name.replace(/\.exe$/i, '').replace(/[0-9.]+$/, '');
  return bare === 'nodejs' ? 'node' : bare.toLowerCase() === 'powershell' ? 'pwsh' : bare;
}

/**
 * The code `pwsh`/`powershell` runs: the words after `-Command` (any abbreviation, any case), or
 * the UTF-16LE text of `-EncodedCommand`; undefined when it names neither.
 */
function powershellCode(argv: readonly string[]): string | undefined {
  const at = argv.findIndex(
    (a, i) => i > 0 && /^[-/](?:c|com|comm|comma|comman|command)$/i.test(a),
  );
  if (at > 0) return argv.slice(at + 1).join(' ');
  const enc = argv.findIndex((a, i) => i > 0 && /^[-/](?:e|ec|en|enc|encodedcommand)$/i.test(a));
  const b64 = enc > 0 ? argv[enc + 1] : undefined;
  return b64 === undefined ? undefined : Buffer.from(b64, 'base64').toString('utf16le');
}

function fail(w: Walk, status: ShellStatus): void {
  if (w.status === 'ok') w.status = status;
}

function redirectOf(node: Node): Redirect | null {
  if (node.type === 'heredoc_redirect') return { op: '<<', target: '' };
  if (node.type === 'herestring_redirect') return { op: '<<<', target: '' };
  const dest = node.childForFieldName('destination');
  const op = node.children.find((c) => !c.isNamed)?.text ?? '>';
  return { op, target: dest === null ? '' : wordText(dest) };
}

/** The parts of a heredoc redirect itself; any other child is a command written after its marker. */
const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end', 'file_redirect']);

/** The commands of a pipeline the grammar nests (`| a | b` reads as a pipeline holding one). */
function pipelineStages(node: Node): Node[] {
  return node.type === 'pipeline' ? node.namedChildren.flatMap(pipelineStages) : [node];
}

function heredocBody(w: Walk, node: Node): string | undefined {
  if (node.type === 'heredoc_redirect')
    return node.namedChildren.find((c) => c.type === 'heredoc_body')?.text;
  if (node.type === 'herestring_redirect') {
    const v = node.namedChildren[0];
    return v === undefined ? undefined : w.expand.value(v).text;
  }
  return undefined;
}

/** Re-parses a string that will itself run as shell (`sh -c BODY`, `eval`, a heredoc fed to a shell). */
function reparse(w: Walk, source: string, place: Place, via?: string): void {
  if (place.nested + 1 > w.limits.maxReparse) {
    fail(w, 'too_deep');
    return;
  }
  const inner: Place = {
    ...place,
    ...(via === undefined ? {} : { via }),
    nested: place.nested + 1,
    redirects: [],
    pipeline: -1,
    stage: 0,
    stages: 1,
  };
  delete inner.stdin;
  analyzeInto(w, source, inner);
}

/** A run of plain words: nothing in it that quotes, expands or redirects. */
const PLAIN_WORDS = /^[^\s'"$`\\<>|&;()]+(?:[ \t]+[^\s'"$`\\<>|&;()]+)*$/;

/**
 * tree-sitter-bash skips a word such as `-` written right before a numbered redirect (`git a -
 * 2>/dev/null` reads as `git a`): the words in the gap between the statement's last command and
 * its first redirect, when they are plain, are that command's last arguments, as bash reads them.
 */
function droppedWords(statement: Node, body: Node): Place['dropped'] {
  let last: Node | null = body;
  while (last?.type === 'pipeline') last = last.lastNamedChild;
  const next = statement.namedChildren.find(
    (c) => c.id !== body.id && c.startIndex >= body.endIndex,
  );
  if (last?.type !== 'command' || next === undefined) return undefined;
  const gap = statement.text
    .slice(body.endIndex - statement.startIndex, next.startIndex - statement.startIndex)
    .trim();
  return gap !== '' && PLAIN_WORDS.test(gap)
    ? { id: last.id, words: gap.split(/[ \t]+/) }
    : undefined;
}

function emitCommand(w: Walk, node: Node, at: Place, depth: number): void {
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

function emitWords(
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

function addCommand(w: Walk, words: readonly (Field | string)[], place: Place): ShellCommand {
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

/** FIND_FILTERS of intent-delete: a find with none lists everything below its root. */
const FIND_PREDICATES = /^-(?:i?name|i?path|i?regex|newer|mtime|mmin|empty|size|user|wholename)$/;

/** What `find`/`ls` stages hand on: the root itself when nothing filters the listing, else null. */
function listedRoot(c: ShellCommand): string | null {
  const ops = c.argv.slice(1).filter((a) => !a.startsWith('-'));
  if (c.name === 'find') {
    // as intent-delete reads find: a predicate scopes `.`, never `~` or `/`
    const root = c.argv[1] ?? '.';
    const scoped = c.argv.some((a) => FIND_PREDICATES.test(a));
    return scoped && /^(?:\.|\.\/|\*|[^~/$].*)$/.test(root) ? null : root;
  }
  if (c.name === 'ls') return ops.length === 0 ? '.' : ops.length === 1 ? (ops[0] ?? null) : null;
  if (c.name === 'kubectl' || c.name === 'oc') return listedKind(c.argv);
  return null;
}

/** `kubectl get pvc -A -o name`: the kind whose every object the listing names, stood for by the kind. */
function listedKind(argv: readonly string[]): string | null {
  const get = argv.indexOf('get');
  const kind = argv.slice(get + 1).find((a) => !a.startsWith('-'));
  const named = argv.some(
    (a, i) =>
      /^(?:-oname|--output=name|-o=name)$/.test(a) ||
      (/^(?:-o|--output)$/.test(a) && argv[i + 1] === 'name'),
  );
  return get > 0 && named && kind !== undefined && kind !== 'name' ? kind : null;
}

/** `echo ~ | xargs rm -rf`, `ls | xargs rm -rf`: the items xargs appends (split on blanks or NULs, as `-0` reads them), where the script shows them. */
function xargsItems(w: Walk, cmd: ShellCommand): void {
  // a here-string or heredoc is stdin as much as an earlier stage is (`xargs -0 rm -rf <<< /etc`)
  const piped = cmd.stdin ?? pipedText(w, cmd);
  if (piped === null && (cmd.pipeline < 0 || cmd.stage === 0)) return;
  let items: string[] = [];
  if (piped !== null)
    items = piped
      .split(/[\s\0]+/)
      .filter((x) => x.length > 0)
      .slice(0, w.limits.maxArgs);
  else {
    const prev = w.out.commands.findLast(
      (c) => c.pipeline === cmd.pipeline && c.stage === cmd.stage - 1,
    );
    const root = prev === undefined ? null : listedRoot(prev);
    if (root !== null) items = [root];
  }
  if (items.length === 0) return;
  w.args += items.length;
  const at = cmd.argv.indexOf('{}');
  if (at > 0) cmd.argv.splice(at, 1, ...items);
  else cmd.argv.push(...items);
}

/** The text earlier pure stages of this command's pipeline hand it (`echo B64 | base64 -d | sh`). */
function pipedText(w: Walk, cmd: ShellCommand): string | null {
  if (cmd.pipeline < 0 || cmd.stage === 0) return null;
  const stages = w.out.commands.filter(
    (c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && !c.substitution,
  );
  if (stages.length !== cmd.stage) return null;
  return evalPipeline(stages, w.limits.maxBytes);
}

/** Commands that run further commands given as arguments or stdin: re-parse or record them. */
function followInner(w: Walk, cmd: ShellCommand, place: Place): void {
  const { argv, name } = cmd;
  const fn = w.functions.get(name);
  if (fn !== undefined && !w.calling.has(name)) {
    w.calling.add(name);
    reparse(w, substitutePositional(fn, argv.slice(1)), place);
    w.calling.delete(name);
  }
  for (const body of optionScripts(argv)) reparse(w, body, place, name);
  if (/^(?:export|declare|typeset|readonly|local)$/.test(name))
    for (const a of argv.slice(1)) {
      const eq = a.indexOf('=');
      const hook = eq > 0 ? hookVariable(a.slice(0, eq), a.slice(eq + 1)) : null;
      if (hook !== null) reparse(w, hook, place, name);
    }
  const inner = containerRun(argv);
  if (inner !== null && inner.argv.length > 0)
    addCommand(w, inner.argv, { ...place, redirects: [] });
  const exec = containerExec(argv);
  if (exec !== null) addCommand(w, exec, { ...place, redirects: [] });
  if (name === 'alias')
    for (const a of argv.slice(1)) {
      const eq = a.indexOf('=');
      if (eq <= 0) continue;
      reparse(w, a.slice(eq + 1), place);
      // a later use of the alias runs its text with the words after it
      if (w.functions.size < MAX_DEFINITIONS)
        w.functions.set(a.slice(0, eq), `${a.slice(eq + 1)} "$@"`);
    }
  // `npm pkg set scripts.postinstall="curl ... | sh"`: the script runs at every later install
  if (name === 'npm' && argv[1] === 'pkg' && argv[2] === 'set')
    for (const a of argv.slice(3)) {
      const m = /^scripts\.(?:pre|post)?(?:install|prepare|uninstall|pack|publish)=([\s\S]+)$/.exec(
        a,
      );
      if (m?.[1] !== undefined) reparse(w, m[1], place, 'npm');
    }
  // Go source from a heredoc or pipe (`go run - <<'EOF'`), which go run reads as a file
  if (name === 'go' && argv[1] === 'run' && argv.slice(2).some((a) => STDIN_FILE.test(a))) {
    const body = cmd.stdin ?? pipedText(w, cmd);
    if (body !== null) script(w, 'go', body, place);
    return;
  }
  // a file the script wrote, then ran: `./t.sh`, `sh t.sh`, `source t.sh`, `go run t.go`
  const written = writtenScript(w, argv, name);
  if (written !== null) {
    if (written.lang === 'go') script(w, 'go', written.body, place);
    else reparse(w, written.body, place);
    return;
  }
  if (name === 'at' || name === 'batch') {
    const body = cmd.stdin ?? pipedText(w, cmd);
    if (body !== null) reparse(w, body, place);
    return;
  }
  if (SHELLS.has(name) || name === 'su') {
    const c = argv.findIndex((a, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(a));
    const body = c > 0 ? argv[c + 1] : undefined;
    if (body !== undefined) reparse(w, body, place);
    else if (cmd.stdin !== undefined && SHELLS.has(name)) reparse(w, cmd.stdin, place);
    else if (SHELLS.has(name)) {
      const piped = pipedText(w, cmd);
      if (piped !== null) reparse(w, piped, place);
    }
    return;
  }
  if (name === 'eval') {
    reparse(w, argv.slice(1).join(' '), place);
    return;
  }
  if (name === 'find') {
    // every -exec/-execdir/-ok/-okdir runs; `{}` stands for the root when nothing filters the listing
    const root = listedRoot(cmd);
    argv.forEach((a, at) => {
      if (a !== '-exec' && a !== '-execdir' && a !== '-ok' && a !== '-okdir') return;
      const end = argv.findIndex((x, i) => i > at && (x === ';' || x === '+' || x === '\\;'));
      const words = argv.slice(at + 1, end > at ? end : undefined);
      addCommand(w, root === null ? words : words.map((x) => (x === '{}' ? root : x)), {
        ...place,
        redirects: [],
        via: 'find',
      });
    });
    return;
  }
  const elixir = elixirCode(name, argv, w.files);
  if (elixir !== null) {
    script(w, 'elixir', elixir, place);
    return;
  }
  const key = interpreterKey(name);
  if (INTERPRETERS.has(name) || INTERPRETERS.has(key)) {
    const flags = INLINE_FLAG[key];
    const at =
      flags === undefined || key === 'pwsh' || key === 'cmd'
        ? -1
        : argv.findIndex((a) => flags.has(a));
    const inline =
      key === 'pwsh'
        ? powershellCode(argv)
        : key === 'cmd'
          ? cmdCode(argv)
          : at > 0
            ? argv[at + 1]
            : undefined;
    const code = inline ?? cmd.stdin ?? pipedText(w, cmd) ?? undefined;
    if (code !== undefined) script(w, key, code, place);
    else {
      // `python3 tool.py` where the script wrote tool.py earlier (a heredoc into a file)
      const file = argv.slice(1).find((a) => w.files.has(a));
      const body = file === undefined ? undefined : w.files.get(file);
      if (body !== undefined) script(w, key, body, place);
    }
  }
}

/** The text of a file this script wrote that `argv` runs, as shell or as Go; null when none. */
function writtenScript(
  w: Walk,
  argv: readonly string[],
  name: string,
): { lang: 'sh' | 'go'; body: string } | null {
  if (w.files.size === 0) return null;
  const body = (f: string | undefined): string | undefined =>
    f === undefined ? undefined : (w.files.get(f) ?? w.files.get(f.replace(/^\.\//, '')));
  const direct = body(argv[0]);
  if (direct !== undefined && (argv[0] ?? '').includes('/')) return { lang: 'sh', body: direct };
  if (name === 'go' && argv[1] === 'run') {
    // `go run .` builds every .go file of the folder: the ones the script wrote there
    const pkg = argv.slice(2).some((a) => a === '.' || a === './...')
      ? [...w.files].filter(([f]) => /^(?:\.\/)?[^/]+\.go$/.test(f)).map(([, b]) => b)
      : [];
    const src = [...pkg, ...argv.slice(2).map(body)].filter((b) => b !== undefined);
    return src.length === 0 ? null : { lang: 'go', body: src.join('\n') };
  }
  if (SHELLS.has(name) || name === 'source' || name === '.') {
    const file = argv.slice(1).find((a) => !a.startsWith('-'));
    const text = body(file);
    return text === undefined ? null : { lang: 'sh', body: text };
  }
  return null;
}

/** Code handed to an interpreter: kept for signatures, read for what it runs, deletes and reaches. */
function script(w: Walk, interpreter: string, code: string, place: Place): void {
  const fx = codeEffects(w.parser.code, interpreter, code);
  w.out.scripts.push({ interpreter, code, ...(fx === null ? {} : { hits: fx.hits }) });
  if (fx === null) return;
  for (const s of fx.shell.slice(0, 64)) reparse(w, s, place, interpreter);
  for (const a of fx.argvs.slice(0, 64)) {
    w.args += a.length;
    if (w.args > w.limits.maxArgs) {
      fail(w, 'too_many_args');
      return;
    }
    addCommand(w, a, { ...place, nested: place.nested + 1, redirects: [], via: interpreter });
  }
}

function walkSubstitutions(w: Walk, node: Node, place: Place, depth: number): void {
  if (depth > w.limits.maxDepth) {
    fail(w, 'too_deep');
    return;
  }
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    const inner: Place = {
      ...place,
      substitution: true,
      redirects: [],
      pipeline: -1,
      stage: 0,
      stages: 1,
    };
    for (const c of node.namedChildren) walk(w, c, inner, depth + 1);
    return;
  }
  for (const c of node.namedChildren) walkSubstitutions(w, c, place, depth + 1);
}

function walk(w: Walk, node: Node, place: Place, depth: number): void {
  if (w.status !== 'ok') return;
  if ((++w.steps & 63) === 0 && performance.now() > w.deadline) {
    fail(w, 'over_budget');
    return;
  }
  if (depth > w.limits.maxDepth) {
    fail(w, 'too_deep');
    return;
  }
  switch (node.type) {
    case 'command':
      emitCommand(w, node, place, depth);
      return;
    case 'redirected_statement': {
      const redirects = [...place.redirects];
      let stdin = place.stdin;
      const body = node.childForFieldName('body');
      for (const r of node.namedChildren) {
        if (r.id === body?.id) continue;
        const red = redirectOf(r);
        if (red !== null) redirects.push(red);
        // `cat <<EOF > file`: the grammar nests a redirect written after the marker in the heredoc.
        if (r.type === 'heredoc_redirect')
          for (const after of r.namedChildren)
            if (after.type === 'file_redirect') {
              const nested = redirectOf(after);
              if (nested !== null) redirects.push(nested);
            }
        stdin = heredocBody(w, r) ?? stdin;
        walkSubstitutions(w, r, place, depth + 1);
      }
      const inner: Place = { ...place, redirects };
      if (stdin !== undefined) inner.stdin = stdin;
      if (body !== null) inner.dropped = droppedWords(node, body);
      // `cat <<'E' | bash` and `cat <<'E' && rm ...`: the grammar nests what follows the marker on
      // its line inside the heredoc redirect; it runs as the pipeline's later stages or the list's
      // next command
      const tail = node.namedChildren
        .filter((r) => r.type === 'heredoc_redirect')
        .flatMap((r) => r.namedChildren.filter((c) => !HEREDOC_PARTS.has(c.type)));
      const piped = tail.find((c) => c.type === 'pipeline');
      if (body !== null && piped !== undefined) {
        const stages = pipelineStages(piped);
        const id = w.pipelines++;
        const n = stages.length + 1;
        const at = { pipeline: id, stages: n, branch: true };
        walk(w, body, { ...inner, ...at, stage: 0 }, depth + 1);
        stages.forEach((s, i) => {
          walk(w, s, { ...place, ...at, stage: i + 1 }, depth + 1);
        });
      } else if (body !== null) walk(w, body, inner, depth + 1);
      // `> file` alone truncates the file as `: > file` does: the same command, so rules see it
      else addCommand(w, [':'], inner);
      for (const c of tail) if (c !== piped) walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'pipeline': {
      const stages = node.namedChildren;
      const id = w.pipelines++;
      stages.forEach((s, i) => {
        walk(
          w,
          s,
          { ...place, pipeline: id, stage: i, stages: stages.length, branch: true },
          depth + 1,
        );
      });
      return;
    }
    case 'unset_command':
    case 'declaration_command': {
      // `unset HISTFILE`, `export X=...`: builtins the grammar does not call commands
      const argv = node.children.filter((c) => c.type !== 'comment').map((c) => wordText(c));
      w.args += argv.length;
      addCommand(w, argv, place);
      walkSubstitutions(w, node, place, depth + 1);
      for (const c of node.namedChildren)
        if (c.type === 'variable_assignment') assignNode(w, c, place);
        else if (node.type === 'unset_command') unset(w.expand.env, wordText(c));
      return;
    }
    case 'variable_assignment':
      walkSubstitutions(w, node, place, depth + 1);
      assignNode(w, node, place);
      return;
    case 'file_redirect':
      walkSubstitutions(w, node, place, depth + 1);
      return;
    case 'for_statement': {
      const v = node.childForFieldName('variable');
      const values = node.childrenForFieldName('value').flatMap((c) => w.expand.fields(c));
      if (v !== null) assignLoop(w.expand.env, v.text, values);
      for (const c of node.namedChildren)
        if (c.type !== 'variable_name') walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'function_definition': {
      const fname = node.childForFieldName('name')?.text;
      const body = node.childForFieldName('body')?.text;
      if (fname !== undefined && body !== undefined && w.functions.size < MAX_DEFINITIONS)
        w.functions.set(fname, body);
      for (const c of node.namedChildren) walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'program':
    case 'variable_assignments':
      for (const c of node.namedChildren) walk(w, c, place, depth + 1);
      return;
    default:
      for (const c of node.namedChildren) walk(w, c, { ...place, branch: true }, depth + 1);
  }
}

function assignNode(w: Walk, node: Node, place: Place): void {
  const name = node.childForFieldName('name');
  if (name === null) return;
  const value = node.childForFieldName('value');
  const v = value === null ? { text: '', dynamic: false, tainted: false } : w.expand.value(value);
  assignValue(w, name.text, node.text.startsWith(`${name.text}+=`), v, place.branch);
}

/** `name=value` or `name+=value` into the script's variables. */
function assignValue(w: Walk, name: string, append: boolean, v: Field, branch: boolean): void {
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

/** What names standard input as a file: `-`, `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`. */
const STDIN_FILE = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

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

/** Words of characters no shell expansion, quoting or operator touches, one space apart. */
const PLAIN = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./:@%+,-][A-Za-z0-9_./:@%+,=-]*)*$/;

/**
 * The argv of a script that is one simple command of plain words (`git status`, `npm run build`),
 * which the grammar parses into exactly these words: no tree is built for it. Null otherwise.
 */
export function plainCommand(source: string): string[] | null {
  if (source.length > 4096 || !PLAIN.test(source)) return null;
  const words = source.split(' ');
  return NOT_SIMPLE.has(words[0] ?? '') ? null : words;
}

/** What walk() does with the tree of a script readSimpleScript read: the same places, in order. */
function walkSimple(w: Walk, lists: readonly SimpleList[], place: Place): void {
  for (const list of lists) {
    const wrapped =
      list.redirects.length === 0
        ? place
        : { ...place, redirects: [...place.redirects, ...list.redirects] };
    // a list (`&&`, `||`) is walked as a branch: a later command may not run
    const inList = list.pipelines.length > 1 ? { ...wrapped, branch: true } : wrapped;
    for (const pipeline of list.pipelines) {
      const id = pipeline.length > 1 ? w.pipelines++ : -1;
      pipeline.forEach((cmd, i) => {
        if (w.status !== 'ok') return;
        if (cmd.words.length === 0) {
          // assignments alone (`x=build`), as assignNode records them
          for (const a of cmd.assigns)
            assignValue(w, a.name, a.append, w.expand.simpleValue(a.value), inList.branch);
          return;
        }
        let at =
          id < 0
            ? inList
            : { ...inList, pipeline: id, stage: i, stages: pipeline.length, branch: true };
        if (cmd.redirects.length > 0)
          at = { ...at, redirects: [...at.redirects, ...cmd.redirects] };
        // as emitCommand: each word's fields, then the commands of its substitutions
        const words: (Field | string)[] = [];
        for (const x of cmd.words) {
          if (typeof x === 'string') {
            words.push(x);
            continue;
          }
          words.push(...w.expand.simpleFields(x));
          for (const p of x.parts)
            if (typeof p !== 'string' && 'pipeline' in p)
              walkSimple(w, [{ pipelines: [p.pipeline], redirects: [] }], {
                ...at,
                substitution: true,
                redirects: [],
                pipeline: -1,
                stage: 0,
                stages: 1,
              });
        }
        const made = emitWords(w, words, at, at.stdin);
        if (made !== undefined && cmd.prefix !== undefined)
          made.env = cmd.prefix.map((name) => ({ name, substituted: false }));
      });
    }
  }
}

function analyzeInto(w: Walk, source: string, place: Place, repaired = false): void {
  const plain = plainCommand(source);
  if (plain !== null) {
    emitWords(w, plain, place, place.stdin);
    return;
  }
  // a hook variable set before a command is read from the tree (the reader keeps no such assignment)
  const simple = HOOK_VARIABLES.test(source) ? null : readSimpleScript(source);
  if (simple !== null) {
    walkSimple(w, simple, place);
    return;
  }
  const tree = w.parser.parse(source, w.deadline);
  if (tree === null) {
    fail(w, 'over_budget');
    return;
  }
  try {
    if (tree.rootNode.hasError) {
      const moved = repaired
        ? null
        : ((source.includes('<<<') ? herestringFirst(tree, source) : null) ??
          localdbQuoted(source));
      if (moved === null) fail(w, 'parse_error');
      else analyzeInto(w, moved, place, true);
      return;
    }
    walk(w, tree.rootNode, place, 0);
  } finally {
    tree.delete();
  }
}

/**
 * Cheap bounds checked before parsing, so pathological inputs never reach the parser: pipe count,
 * bracket depth, and unquoted words (counted up to the first heredoc, whose body is data).
 */
function prescan(source: string, limits: ShellLimits): ShellStatus {
  let pipes = 0;
  let depth = 0;
  let deepest = 0;
  let words = 0;
  let quote = 0;
  let inWord = false;
  let counting = true;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x7c) pipes++;
    else if (c === 0x28 || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x29 || c === 0x7d) depth = Math.max(0, depth - 1);
    if (!counting) continue;
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x27 || c === 0x22) quote = c;
    if (c === 0x3c && source.charCodeAt(i + 1) === 0x3c) counting = false;
    const space = c === 0x20 || c === 0x09 || c === 0x0a;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  if (pipes > limits.maxPipes) return 'too_complex';
  if (deepest > limits.maxBrackets) return 'too_deep';
  return words > limits.maxArgs + 1 ? 'too_many_args' : 'ok';
}

/**
 * Every command `source` would run; `definitions` are functions and aliases an earlier call of the
 * same session defined. This value is attacker-controlled (an agent wrote it).
 */
export function analyzeShell(
  parser: ShellParser,
  source: string,
  limits: ShellLimits = DEFAULT_SHELL_LIMITS,
  definitions?: ReadonlyMap<string, string>,
): ShellAnalysis {
  const out: ShellAnalysis = { status: 'ok', commands: [], scripts: [] };
  if (source.length > limits.maxBytes || Buffer.byteLength(source, 'utf8') > limits.maxBytes)
    return { ...out, status: 'too_large' };
  const pre = prescan(source, limits);
  if (pre !== 'ok') return { ...out, status: pre };
  const w: Walk = {
    parser,
    limits,
    out,
    args: 0,
    pipelines: 0,
    status: 'ok',
    deadline: performance.now() + limits.maxMillis,
    steps: 0,
    expand: new Expander(new Map(), limits.maxBytes),
    functions: new Map(definitions),
    calling: new Set(),
    files: new Map(),
  };
  const place: Place = {
    pipeline: -1,
    stage: 0,
    stages: 1,
    redirects: [],
    substitution: false,
    nested: 0,
    branch: false,
  };
  analyzeInto(w, source, place);
  // an agent's shell tool on Windows runs PowerShell (docs/guard.md "Interpreter code")
  if (barePowershell(source)) {
    // PowerShell bash cannot read (`@{...}`, `[Convert]::...(...)`) is read by its own bounded reader
    if (w.status === 'parse_error' && readPowershell(source) !== null) w.status = 'ok';
    // a line mixing both: the programs it runs are read as shell commands, each on its own
    const programs = w.status === 'parse_error' ? programStatements(source) : null;
    if (programs !== null) {
      w.status = 'ok';
      programs.every((p) => {
        analyzeInto(w, p, place);
        return w.status === 'ok';
      });
    }
    script(w, 'pwsh', source, place);
  }
  out.status = w.status;
  if (w.functions.size > 0) out.definitions = w.functions;
  return out;
}
