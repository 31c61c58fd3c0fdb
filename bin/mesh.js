#!/usr/bin/env node
// Entry point of the `mesh` command: runs the compiled CLI from dist/ (built by `npm ci` via "prepare").
// `mesh guard hook ...` first tries the hook daemon through a tiny client (node:net only); when no
// daemon answers it runs in process from the one-file hook bundle (dist/hook/, docs/guard.md "Hook
// start-up"), or from the normal entry if there is no bundle.
import { existsSync } from 'node:fs';
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

let code = null;
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
    const loader = new URL('../dist/node/cli/hook-bundle-loader.js', import.meta.url);
    const { loadHookBundle } = await import(loader.href);
    const bundle = new URL('../dist/hook/mesh-hook.cjs', import.meta.url);
    const hook = loadHookBundle(fileURLToPath(bundle), { cache: true });
    if (hook !== null) code = await hook.run(argv);
  } catch (e) {
    process.stderr.write(`mesh guard: failed closed: hook bundle: ${e?.message ?? String(e)}\n`);
    code = 2;
  }
}
if (code === null) await import(entry.href);
else process.exitCode = code;
