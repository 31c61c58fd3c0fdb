#!/usr/bin/env node
// Entry point of the `mesh` command: runs the compiled CLI from dist/ (built by `npm ci` via "prepare").
// Start paths (docs/architecture.md "Start-up"; `mesh doctor` says which one a command takes):
// - `mesh [command...] --help` into a pipe or file prints the text the build saved for that path
//   (dist/cli/help/<path>.txt, else dist/cli/help.json), before anything else is loaded;
// - `mesh guard hook ...` first tries the hook daemon through a tiny client (node:net only); when no
//   daemon answers it runs in process from the one-file hook bundle (dist/hook/, docs/guard.md "Hook
//   start-up");
// - any other command runs from its one-file bundle (dist/cli/<command>.cjs) with its code cache;
// - a missing or stale bundle or help text falls back to the plain build (dist/node/main.js).
// bin/package.json makes this file CommonJS (no ES module loader before the help text); it uses
// neither import nor require-only syntax, so it runs the same when loaded as a module.
const builtin = (name) =>
  // eslint-disable-next-line no-undef, @typescript-eslint/no-require-imports -- CommonJS (bin/package.json)
  typeof require === 'function' ? require(name) : process.getBuiltinModule(name);
const fs = builtin('node:fs');
const { dirname, join } = builtin('node:path');

const argv = process.argv.slice(2);
const ROOT = dirname(dirname(fs.realpathSync(process.argv[1])));
const MAIN = join(ROOT, 'dist', 'node', 'main.js');
const WORD = /^[a-z][a-z0-9-]*$/;

/**
 * `mesh [word...] --help` (or -h) and nothing else: the command path it asks about. Into a terminal
 * commander wraps help to its width, so only a pipe or a file takes the saved text.
 */
function helpPath(args) {
  const last = args[args.length - 1];
  if (last !== '--help' && last !== '-h') return null;
  const words = args.slice(0, -1);
  if (!words.every((w) => WORD.test(w))) return null;
  // `guard hook ... --help` too: commander prints this same text and exits 0 on every path
  return toTerminal() ? null : words;
}

/**
 * Whether stdout is a terminal. A pipe, file or socket is not, which fstat tells without loading
 * node:tty (and with it net and the streams, a few ms of every start); a character device may be.
 */
function toTerminal() {
  try {
    const s = fs.fstatSync(1);
    if (s.isFIFO() || s.isFile() || s.isSocket()) return false;
  } catch {
    return true; // no stdout to ask: the full program decides
  }
  return builtin('node:tty').isatty(1);
}

/** The saved help text for `words`, when the build made one from the current dist/. */
function savedHelp(words) {
  try {
    const built = fs.statSync(MAIN).mtimeMs;
    const one = join(ROOT, 'dist', 'cli', 'help', `${['mesh', ...words].join('.')}.txt`);
    try {
      if (fs.statSync(one).mtimeMs >= built) return fs.readFileSync(one);
    } catch {
      // no text of its own: the one file of every text
    }
    const all = join(ROOT, 'dist', 'cli', 'help.json');
    if (fs.statSync(all).mtimeMs < built) return undefined;
    const text = JSON.parse(fs.readFileSync(all, 'utf8')).texts?.[words.join(' ')];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Writes all of `text` to stdout (a pipe may take it in parts). */
function writeOut(text) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let off = 0; off < bytes.length;) {
    try {
      off += fs.writeSync(1, bytes, off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

/** The first two command words, skipping global options (`--state DIR`, `-q`). */
function commandWords(args) {
  const words = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    if (args[i] === '--state') i++;
    else if (!args[i].startsWith('-')) words.push(args[i]);
  }
  return words;
}

const href = (...rel) => builtin('node:url').pathToFileURL(join(ROOT, ...rel)).href;

/**
 * A module of dist/ through its CommonJS build (dist/cli/<name>.cjs) when current, so no ES module
 * loader starts before the bundle, else the compiled module itself.
 */
function cjsOrModule(name, ...rel) {
  const cjs = join(ROOT, 'dist', 'cli', `${name}.cjs`);
  try {
    if (typeof require === 'function' && fs.statSync(cjs).mtimeMs >= fs.statSync(MAIN).mtimeMs)
      // eslint-disable-next-line no-undef, @typescript-eslint/no-require-imports -- CommonJS (bin/package.json)
      return Promise.resolve(require(cjs));
  } catch {
    // not built: the compiled module
  }
  return import(href('dist', ...rel));
}

/** node/cli/bundle-loader, which runs the one-file bundles. */
const bundleLoader = () => cjsOrModule('bundle-loader', 'node', 'cli', 'bundle-loader.js');

async function main() {
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
  if (!fs.existsSync(MAIN)) {
    process.stderr.write('mesh: not built yet; run `npm run build` in the package folder first\n');
    process.exit(hookCall ? 2 : 1);
  }
  let code = null;
  if (hookCall) {
    // A failure before the request is sent (stdin still unread) falls back to the in-process hook,
    // which fails closed itself; an uncaught error here would exit 1, which Claude Code lets through.
    try {
      const { runHookViaDaemon } = await cjsOrModule(
        'hook-client',
        'node',
        'hook-daemon',
        'client.js',
      );
      code = await runHookViaDaemon(argv);
    } catch {
      code = null;
    }
  }
  if (code === null && hookCall) {
    // Any failure of the bundle itself denies (exit 2): a broken bundle must not let calls through.
    try {
      const { loadHookBundle } = await bundleLoader();
      const hook = loadHookBundle(join(ROOT, 'dist', 'hook', 'mesh-hook.cjs'), { cache: true });
      if (hook !== null) code = await hook.run(argv);
    } catch (e) {
      process.stderr.write(`mesh guard: failed closed: hook bundle: ${e?.message ?? String(e)}\n`);
      code = 2;
    }
  }
  if (code === null && !hookCall && first !== undefined && WORD.test(first)) {
    // A command's bundle; none (or a stale one) runs the plain build. Its failures are the command's.
    const loader = await bundleLoader();
    const dist = join(ROOT, 'dist');
    let bundle;
    try {
      bundle = loader.loadBundle(loader.commandBundlePath(dist, first), loader.commandEntry(dist), {
        cache: true,
      });
    } catch {
      bundle = null; // a broken bundle (mesh doctor names it): the plain build still runs the command
    }
    if (bundle !== null) code = await bundle.run(argv);
  }
  if (code === null) await import(href('dist', 'node', 'main.js'));
  else process.exitCode = code;
}

// The saved help first: nothing else is loaded or checked on that path.
const words = helpPath(argv);
const helpText = words === null ? undefined : savedHelp(words);
if (helpText !== undefined) writeOut(helpText);
else
  main().catch((e) => {
    process.stderr.write(`mesh: ${e?.stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
