// Builds the one-file bundles `mesh` starts from (docs/architecture.md "Start-up"), each with a V8
// code cache keyed by the bundle's hash, and the help texts: dist/hook/mesh-hook.cjs for
// `mesh guard hook` (docs/guard.md "Hook start-up"), dist/cli/<command>.cjs for every other command,
// dist/cli/dap-prepare-thread.cjs for the preparing threads of `mesh dap submit` (docs/dap.md
// "Client path"), dist/cli/help.json and dist/cli/help/mesh.<path>.txt for `mesh [command...]
// --help`. Runs after tsc in `npm run build` and `prepare`.
// Usage: node scripts/build-bundles.mjs      bundle, then make and check the code caches and help
//        node scripts/build-bundles.mjs --make-cache | --check-cache | --make-help   (child steps)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const HOOK_ENTRY = join(DIST, 'node', 'cli', 'hook-main.js');
const HOOK_BUNDLE = join(DIST, 'hook', 'mesh-hook.cjs');
const HELP_FILE = join(DIST, 'cli', 'help.json');
/**
 * Modules bin/mesh.js requires itself, as CommonJS so that no ES module loader starts before a
 * bundle: the bundle loader, and the hook daemon's client every hook call tries first.
 */
const LOADER_CJS = join(DIST, 'cli', 'bundle-loader.cjs');
const HOOK_CLIENT_CJS = join(DIST, 'cli', 'hook-client.cjs');
/** One file per command path, so bin/mesh.js reads only the text it prints. */
const HELP_DIR = join(DIST, 'cli', 'help');
const helpFileOf = (path) => join(HELP_DIR, `${['mesh', ...path].join('.')}.txt`);
/** A compiled module of ours: under dist/, not node_modules and not a generated entry. */
const ourCode = (path) =>
  path.startsWith(DIST) && path.endsWith('.js') && !path.includes('node_modules');
/**
 * Native addons and wasm stay files of their own and load from node_modules at run time (libpg-query
 * finds its wasm beside its own script); the JavaScript of better-sqlite3 and web-tree-sitter is
 * bundled (its loading cost ~10 ms a call).
 */
const EXTERNAL = ['classic-level', 'tree-sitter-bash', 'libpg-query'];
/** Modules our code imports that load on their first call, not with the bundle (see lazyModules). */
const LAZY_MODULES = /^(?:(?:node:)?fs\/promises|libpg-query)$/;
/**
 * Packages whose import has no effect but the bindings it returns. The `packs/` barrel reaches
 * `level` through log/ stores the hook never uses; without this, the unused import keeps the
 * native classic-level addon loading on every call.
 */
const PURE_PACKAGES = /^level$/;
/** `bindings(name)` for better-sqlite3, with the module root it would find unbundled. */
const BINDINGS_SHIM = `
const { dirname } = require('node:path');
const req = require;
module.exports = (name) => {
  const root = dirname(req.resolve('better-sqlite3/package.json'));
  try {
    return req(root + '/build/Release/' + name);
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    return req('bindings')({ bindings: name, module_root: root });
  }
};
`;
/** The bundle of `mesh dap submit`'s preparing threads (dap/client/prepare-serve.ts). */
const PREPARE_THREAD = 'dap-prepare-thread';
/** Each a VDAF and a measurement of it: the shapes `mesh report` and the DAP docs upload. */
const PREPARE_SAMPLES = [
  [
    { type: 'Prio3SumVec', length: 128, max_measurement: 1, chunk_length: 11 },
    new Array(128).fill(1),
  ],
  [{ type: 'Prio3Histogram', length: 4, chunk_length: 2 }, 2],
  [{ type: 'Prio3Count' }, 1],
];
const HOOK_ARGV = ['guard', 'hook', 'claude-code', '--pack', 'builtin:coding-agent'];
/** The call the cache is made from: a Bash command runs the most code (shell parsing included). */
const SAMPLE_EVENT = {
  session_id: 'build',
  transcript_path: '/dev/null',
  cwd: ROOT,
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls -la' },
  tool_use_id: 'toolu_build',
};

const dist = (rel) => import(pathToFileURL(join(ROOT, 'dist', rel)).href);

/** The entry of `mesh <name>`'s bundle: the program with that one command and nothing else. */
function commandEntrySource(name, m) {
  const fn = 'load' in m ? m.load : m.register;
  const loader = 'load' in m ? fn : `() => Promise.resolve(${fn})`;
  return [
    "import { buildProgramFrom } from './program-builder.js';",
    "import { runProgram } from './run-program.js';",
    `import { ${fn} } from './commands/${m.file}.js';`,
    `const commands = { ${JSON.stringify(name)}: ${loader} };`,
    'export function runMeshCli(argv) {',
    '  return runProgram(argv, (a) => buildProgramFrom(a, commands));',
    '}',
  ].join('\n');
}

/** Every bundle: the hook's, the preparing thread's, then one per command. */
async function bundles() {
  const { COMMAND_MODULES } = await dist('node/cli/command-modules.js');
  const { commandBundlePath, prepareThreadBundlePath } = await dist('node/cli/bundle-loader.js');
  const list = [
    { name: 'hook', out: HOOK_BUNDLE, entry: HOOK_ENTRY, exportName: 'runHookCli' },
    {
      name: PREPARE_THREAD,
      out: prepareThreadBundlePath(DIST),
      entry: join(DIST, 'dap', 'client', 'prepare-serve.js'),
      exportName: 'servePrepareRequests',
    },
  ];
  for (const [name, m] of Object.entries(COMMAND_MODULES)) {
    list.push({
      name,
      out: commandBundlePath(DIST, name),
      source: commandEntrySource(name, m),
      exportName: 'runMeshCli',
    });
  }
  return list;
}

/**
 * Checks every built-in pack in full (rule hashes, examples) on the dist modules about to be bundled:
 * a failure fails the build. Returns `name=sha256,...` of the documents checked, which the bundles
 * carry so they skip these checks on load (packs/builtin/checked.ts, docs/guard.md "Hook start-up").
 */
async function checkBuiltinPacks() {
  const { createHash } = await import('node:crypto');
  const { compilePack } = await dist('packs/pack.js');
  const { BUILTIN_PACKS } = await dist('packs/builtin/index.js');
  const { canonicalJson } = await dist('guard/index.js');
  return Object.entries(BUILTIN_PACKS)
    .map(([name, doc]) => {
      compilePack(doc, `builtin:${name}`);
      return `${name}=${createHash('sha256').update(canonicalJson(doc)).digest('hex')}`;
    })
    .join(',');
}

async function bundle(list) {
  const { build } = await import('esbuild');
  const checkedBuiltins = await checkBuiltinPacks();
  const pure = {
    name: 'pure-packages',
    setup(b) {
      b.onResolve({ filter: PURE_PACKAGES }, async (args) => {
        if (args.pluginData === 'pure') return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'pure',
        });
        return { ...r, sideEffects: false };
      });
      // Our modules do nothing at import but define what they export (no import is made for its
      // effect alone): marked free of side effects, a bundle keeps just the modules behind the names
      // it uses. Without this every command evaluated all of packs, guard, tuf and log at start
      // (node's config reaches the packs barrel for one constant).
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'pure' || !args.path.startsWith('.')) return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'pure',
        });
        return ourCode(r.path) ? { ...r, sideEffects: false } : r;
      });
    },
  };
  // better-sqlite3 finds its addon through `bindings`, which looks from its caller's file: in the
  // bundle that is dist/hook/, so the addon's package folder is named for it.
  const addon = {
    name: 'better-sqlite3-addon',
    setup(b) {
      b.onResolve({ filter: /^bindings$/ }, (args) =>
        /better-sqlite3/.test(args.importer) ? { path: 'bindings', namespace: 'addon' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'addon' }, () => ({
        contents: BINDINGS_SHIM,
        loader: 'js',
      }));
    },
  };
  // Its CommonJS build: the ES one imports node: built-ins with import(), which functions restored
  // from a V8 code cache cannot do inside a vm.Script on Node 20.
  const cjsTreeSitter = {
    name: 'web-tree-sitter-cjs',
    setup(b) {
      b.onResolve({ filter: /^web-tree-sitter$/ }, (args) =>
        args.pluginData === 'cjs'
          ? undefined
          : b.resolve(args.path, {
              kind: 'require-call',
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: 'cjs',
            }),
      );
    },
  };
  // A command's entry is generated: it imports the compiled program builder and that command.
  const entries = {
    name: 'command-entries',
    setup(b) {
      b.onResolve({ filter: /^mesh-command:/ }, (args) => ({
        path: args.path.slice('mesh-command:'.length),
        namespace: 'mesh-command',
      }));
      b.onLoad({ filter: /.*/, namespace: 'mesh-command' }, (args) => ({
        contents: list.find((e) => e.name === args.path).source,
        resolveDir: join(DIST, 'node', 'cli'),
        loader: 'js',
      }));
    },
  };
  // commander requires node:child_process (and with it net and dgram) for executable subcommands,
  // which mesh has none of: it loads on first use instead of at every start.
  const lazyChildProcess = {
    name: 'lazy-child-process',
    setup(b) {
      b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
          ? { path: 'node:child_process', namespace: 'lazy-builtin' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
        contents: `let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require(${JSON.stringify(args.path)}))[k] });`,
        loader: 'js',
      }));
    },
  };
  // node:fs/promises (and with it readline and the fs streams) serves our durable async writes
  // alone, which most runs of a command never make; libpg-query's script (PostgreSQL's grammar, a
  // few MB of emscripten glue) serves only SQL naming a destructive keyword, which few hook calls
  // carry (guard/sql/parser.ts loads it then). Our modules load each on their first call.
  const lazyModules = {
    name: 'lazy-modules',
    setup(b) {
      b.onResolve({ filter: LAZY_MODULES }, (args) =>
        ourCode(args.importer)
          ? {
              path: args.path.replace(/^(?:node:)?fs\/promises$/, 'node:fs/promises'),
              namespace: 'lazy-esm',
            }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-esm' }, async (args) => {
        const m = await import(args.path);
        // plain functions only (a class would lose `new` and instanceof): an import of anything
        // else finds no export and fails the build
        const names = Object.keys(m).filter(
          (k) => k !== 'default' && /^[a-z]/.test(k) && typeof m[k] === 'function',
        );
        const load = `let m; const load = () => (m ??= require(${JSON.stringify(args.path)}));`;
        const wrap = (n) => `export function ${n}(...a) { return load().${n}(...a); }`;
        return { contents: [load, ...names.map(wrap)].join('\n'), loader: 'js' };
      });
    },
  };
  const out = await build({
    entryPoints: Object.fromEntries(
      list.map((e) => [
        relative(DIST, e.out).replace(/\.cjs$/, ''),
        e.entry ?? `mesh-command:${e.name}`,
      ]),
    ),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    plugins: [entries, pure, addon, cjsTreeSitter, lazyChildProcess, lazyModules],
    // packageRoot() (node/version.ts) walks up from its own URL; in the bundle that is the bundle's.
    define: {
      'import.meta.url': '__mesh_bundle_url',
      __mesh_checked_builtins: JSON.stringify(checkedBuiltins),
    },
    banner: { js: "const __mesh_bundle_url = require('node:url').pathToFileURL(__filename).href;" },
    legalComments: 'none',
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
    outdir: DIST,
    outExtension: { '.js': '.cjs' },
  });
  const { writeFileAtomic } = await dist('common/index.js');
  for (const [from, to] of [
    [join(DIST, 'node', 'cli', 'bundle-loader.js'), LOADER_CJS],
    [join(DIST, 'node', 'hook-daemon', 'client.js'), HOOK_CLIENT_CJS],
  ]) {
    const cjs = await build({
      entryPoints: [from],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
      write: false,
      outfile: to,
    });
    writeFileAtomic(to, cjs.outputFiles[0].contents);
  }
  let bytes = 0;
  for (const e of list) {
    const file = out.outputFiles.find((f) => f.path === e.out);
    if (!file) throw new Error(`esbuild produced no ${relative(ROOT, e.out)}`);
    writeFileAtomic(e.out, file.contents);
    const map = out.outputFiles.find((f) => f.path === `${e.out}.map`);
    if (map) writeFileAtomic(map.path, map.contents);
    bytes += file.contents.length;
  }
  return bytes;
}

/** What a bundle is made from, for the loader's staleness check. */
async function entryOf(e) {
  const { commandEntry, hookEntry, prepareThreadEntry } = await dist('node/cli/bundle-loader.js');
  if (e.name === 'hook') return hookEntry(DIST);
  return e.name === PREPARE_THREAD ? prepareThreadEntry(DIST) : commandEntry(DIST);
}

/**
 * The preparing thread's sample call: it serves, on a channel of this thread, one request of a few
 * reports for each VDAF a pipeline reports with, so the code cache holds sharding and sealing.
 */
async function samplePreparing(serve) {
  const { MessageChannel } = await import('node:worker_threads');
  const { hpkeNode, newTaskFiles } = await dist('dap/index.js');
  const { publicKey } = hpkeNode.generateKeyPair();
  const configOf = (id) => ({ id, kemId: 0x20, kdfId: 1, aeadId: 1, publicKey });
  for (const [vdaf, measurement] of PREPARE_SAMPLES) {
    const files = newTaskFiles({
      task_info: 'YnVpbGQ',
      leader: 'http://127.0.0.1:1/leader/',
      helper: 'http://127.0.0.1:1/helper/',
      time_precision: 3600,
      min_batch_size: 100,
      batch_mode: 'time_interval',
      vdaf,
    });
    const { port1, port2 } = new MessageChannel();
    serve(port2, { file: files.client, configs: { leader: configOf(1), helper: configOf(2) } });
    const subs = Array.from({ length: 3 }, () => ({ measurement, timeSeconds: 1_700_000_000 }));
    const answer = await new Promise((resolve) => {
      port1.once('message', resolve);
      port1.postMessage({ id: 0, subs });
    });
    port1.close();
    port2.close();
    if (!('reports' in answer))
      throw new Error(`the sample preparation failed: ${answer.error.message}`);
  }
  return 0;
}

/**
 * Child step: run each bundle once (the hook one sample call, a command its --help), then save
 * what V8 compiled, keyed by the bundle. Output of the runs is discarded.
 */
async function makeCache() {
  const { loadBundle, codeCachePath } = await dist('node/cli/bundle-loader.js');
  const { writeFileAtomic } = await dist('common/index.js');
  const write = process.stdout.write.bind(process.stdout);
  for (const e of await bundles()) {
    const b = loadBundle(e.out, await entryOf(e), { cache: false });
    if (!b) throw new Error(`${e.out} is missing`);
    process.stdout.write = () => true;
    let code;
    try {
      if (e.name === PREPARE_THREAD) code = await samplePreparing(b.run);
      else code = await b.run(e.name === 'hook' ? HOOK_ARGV : [e.name, '--help']);
    } finally {
      process.stdout.write = write;
    }
    if (code !== 0) throw new Error(`the sample call of ${e.name} exited ${code}`);
    const data = Buffer.concat([b.key, b.script.createCachedData()]);
    writeFileAtomic(codeCachePath(e.out), data, { mode: 0o644 });
  }
  process.exit(0);
}

/** Child step: a fresh process must accept each cache, or it is removed (it would only cost time). */
async function checkCache() {
  const { loadBundle, codeCachePath } = await dist('node/cli/bundle-loader.js');
  const refused = [];
  for (const e of await bundles()) {
    const b = loadBundle(e.out, await entryOf(e), { cache: true });
    if (b?.cacheRejected !== false) {
      refused.push(e.name);
      rmSync(codeCachePath(e.out), { force: true });
    }
  }
  if (refused.length > 0) process.stderr.write(`refused: ${refused.join(', ')}\n`);
  // Evaluating the bundles started nothing; exit before their lazily opened handles could matter.
  process.exit(refused.length === 0 ? 0 : 1);
}

/** Every command path of the full program, the root first: `[]`, `['dap']`, `['dap', 'submit']`... */
function commandPaths(cmd, prefix = []) {
  const out = [prefix];
  for (const c of cmd.commands) out.push(...commandPaths(c, [...prefix, c.name()]));
  return out;
}

/**
 * Child step (stdout a pipe, as in every non-terminal run): what `mesh <path> --help` prints, for
 * every command path, exactly as the plain build prints it; bin/mesh.js prints it from help.json.
 */
async function makeHelp() {
  const { buildProgram } = await dist('node/cli/program.js');
  const { runProgram } = await dist('node/cli/run-program.js');
  const { writeFileAtomic } = await dist('common/index.js');
  const texts = {};
  const write = process.stdout.write.bind(process.stdout);
  for (const path of commandPaths(await buildProgram())) {
    let text = '';
    process.stdout.write = (chunk) => {
      text += String(chunk);
      return true;
    };
    let code;
    try {
      code = await runProgram([...path, '--help'], buildProgram);
    } finally {
      process.stdout.write = write;
    }
    if (code === 0) texts[path.join(' ')] = text;
  }
  mkdirSync(HELP_DIR, { recursive: true });
  for (const [path, text] of Object.entries(texts))
    writeFileAtomic(helpFileOf(path === '' ? [] : path.split(' ')), text);
  writeFileAtomic(HELP_FILE, JSON.stringify({ texts }));
  process.exit(0);
}

function child(step) {
  const home = mkdtempSync(join(tmpdir(), 'mesh-hook-cache-'));
  try {
    return spawnSync(process.execPath, [fileURLToPath(import.meta.url), step], {
      input: JSON.stringify(SAMPLE_EVENT),
      env: { ...process.env, MESH_HOME: home },
      encoding: 'utf8',
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function main() {
  const step = process.argv[2];
  if (step === '--make-cache') return makeCache();
  if (step === '--check-cache') return checkCache();
  if (step === '--make-help') return makeHelp();
  const { codeCachePath } = await dist('node/cli/bundle-loader.js');
  const list = await bundles();
  for (const e of list) rmSync(codeCachePath(e.out), { force: true });
  rmSync(HELP_FILE, { force: true });
  rmSync(HELP_DIR, { recursive: true, force: true });
  const bytes = await bundle(list);
  const made = child('--make-cache');
  const checked = made.status === 0 ? child('--check-cache') : made;
  if (made.status !== 0) for (const e of list) rmSync(codeCachePath(e.out), { force: true });
  if (checked.status !== 0) {
    // Every command runs correctly without a cache, only slower: say so, do not fail the install.
    console.warn(`bundles: code caches incomplete (${(checked.stderr || 'V8 refused').trim()})`);
  }
  const help = child('--make-help');
  if (help.status !== 0) console.warn(`bundles: no help texts (${help.stderr.trim()})`);
  console.log(
    `bundles: ${list.length} in dist/hook and dist/cli (${Math.round(bytes / 1024)} KB${checked.status === 0 ? ', code caches' : ''}${help.status === 0 ? ', help texts' : ''})`,
  );
}

await main();
