#!/usr/bin/env node
// Entry point of the `mesh` command: runs the compiled CLI from dist/ (built by `npm ci` via "prepare").
// Start paths (docs/architecture.md "Start-up"; `mesh doctor` says which one a command takes):
// - `mesh [command...] --help` into a pipe or file prints the text the build saved (dist/cli/help.json);
// - `mesh guard hook ...` first tries the hook daemon through a tiny client (node:net only); when no
//   daemon answers it runs in process from the one-file hook bundle (dist/hook/, docs/guard.md "Hook
//   start-up");
// - any other command runs from its one-file bundle (dist/cli/<command>.cjs) with its code cache;
// - a missing or stale bundle or help text falls back to the plain build (dist/node/main.js).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The first two command words, skipping global options (`--state DIR`, `-q`). */
function commandWords(argv) {
  const words = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    if (argv[i] === '--state') i++;
    else if (!argv[i].startsWith('-')) words.push(argv[i]);
  }
  return words;
}

const argv = process.argv.slice(2);
const [first, second] = commandWords(argv);
const hookCall = first === 'guard' && second === 'hook';
if (hookCall) {
  // Claude Code lets a call run on any exit code but 0 and 2, so every other ending of a hook
  // process (an uncaught error, a failed import, an unbuilt package, a plain failure) denies.
  const failClosed = (e) => {
    process.stderr.write(`mesh guard: failed closed: ${e?.message ?? String(e)}\n`);
    process.exit(2);
  };
  process.on('uncaughtException', failClosed);
  process.on('unhandledRejection', failClosed);
  process.on('exit', (c) => {
    if (c !== 0 && c !== 2) process.exitCode = 2;
  });
}

const entry = new URL('../dist/node/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('mesh: not built yet; run `npm run build` in the package folder first\n');
  process.exit(hookCall ? 2 : 1);
}

/**
 * `mesh [word...] --help` (or -h) and nothing else: the command path it asks about. Into a terminal
 * commander wraps help to its width, so only a pipe or a file takes the saved text.
 */
function helpPath(args) {
  if (process.stdout.isTTY) return null;
  const last = args[args.length - 1];
  if (last !== '--help' && last !== '-h') return null;
  const words = args.slice(0, -1);
  return words.every((w) => /^[a-z][a-z0-9-]*$/.test(w)) ? words.join(' ') : null;
}

/** The saved help text for `path`, when the build made one from the current dist/. */
function savedHelp(path) {
  try {
    const file = new URL('../dist/cli/help.json', import.meta.url);
    if (statSync(file).mtimeMs < statSync(entry).mtimeMs) return undefined;
    const text = JSON.parse(readFileSync(file, 'utf8')).texts?.[path];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

const help = hookCall ? null : helpPath(argv);
const helpText = help === null ? undefined : savedHelp(help);

let code = null;
if (helpText !== undefined) {
  process.stdout.write(helpText);
  code = 0;
}
if (hookCall) {
  // A failure before the request is sent (stdin still unread) falls back to the in-process hook,
  // which fails closed itself; an uncaught error here would exit 1, which Claude Code lets through.
  try {
    const client = new URL('../dist/node/hook-daemon/client.js', import.meta.url);
    const { runHookViaDaemon } = await import(client.href);
    code = await runHookViaDaemon(argv);
  } catch {
    code = null;
  }
}
if (code === null && hookCall) {
  // Any failure of the bundle itself denies (exit 2): a broken bundle must not let calls through.
  try {
    const loader = new URL('../dist/node/cli/bundle-loader.js', import.meta.url);
    const { loadHookBundle } = await import(loader.href);
    const bundle = new URL('../dist/hook/mesh-hook.cjs', import.meta.url);
    const hook = loadHookBundle(fileURLToPath(bundle), { cache: true });
    if (hook !== null) code = await hook.run(argv);
  } catch (e) {
    process.stderr.write(`mesh guard: failed closed: hook bundle: ${e?.message ?? String(e)}\n`);
    code = 2;
  }
}
if (code === null && !hookCall && first !== undefined && /^[a-z][a-z0-9-]*$/.test(first)) {
  // A command's bundle; none (or a stale one) runs the plain build. Its failures are the command's.
  const loader = new URL('../dist/node/cli/bundle-loader.js', import.meta.url);
  const { loadBundle, commandBundlePath, commandEntry } = await import(loader.href);
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  let bundle;
  try {
    bundle = loadBundle(commandBundlePath(dist, first), commandEntry(dist), { cache: true });
  } catch {
    bundle = null; // a broken bundle (mesh doctor names it): the plain build still runs the command
  }
  if (bundle !== null) code = await bundle.run(argv);
}
if (code === null) await import(entry.href);
else process.exitCode = code;
