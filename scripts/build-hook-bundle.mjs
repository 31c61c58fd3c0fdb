// Builds dist/hook/mesh-hook.cjs, the one-file form of `mesh guard hook` (docs/guard.md "Hook
// start-up"), and its V8 code cache. Runs after tsc in `npm run build` and `prepare` (so `npm ci`).
// Usage: node scripts/build-hook-bundle.mjs            bundle, then make and check the code cache
//        node scripts/build-hook-bundle.mjs --make-cache | --check-cache   (child steps, internal)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'dist', 'node', 'cli', 'hook-main.js');
const BUNDLE = join(ROOT, 'dist', 'hook', 'mesh-hook.cjs');
/**
 * Native addons and wasm stay files of their own and load from node_modules at run time; the
 * JavaScript of better-sqlite3 and web-tree-sitter is bundled (its loading cost ~10 ms a call).
 */
const EXTERNAL = ['classic-level', 'tree-sitter-bash'];
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

async function bundle() {
  const { build } = await import('esbuild');
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
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    plugins: [pure, addon, cjsTreeSitter],
    // packageRoot() (node/version.ts) walks up from its own URL; in the bundle that is the bundle's.
    define: { 'import.meta.url': '__mesh_bundle_url' },
    banner: { js: "const __mesh_bundle_url = require('node:url').pathToFileURL(__filename).href;" },
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    outfile: BUNDLE,
  });
  const { writeFileAtomic } = await dist('common/index.js');
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  writeFileAtomic(BUNDLE, file.contents);
  return file.contents.length;
}

/** Child step: run one hook call from the bundle, then save what V8 compiled, keyed by the bundle. */
async function makeCache() {
  const { loadHookBundle, codeCachePath } = await dist('node/cli/hook-bundle-loader.js');
  const { writeFileAtomic } = await dist('common/index.js');
  const b = loadHookBundle(BUNDLE, { cache: false });
  if (!b) throw new Error(`${BUNDLE} is missing`);
  const code = await b.run(HOOK_ARGV);
  if (code !== 0) throw new Error(`the sample hook call exited ${code}`);
  const data = Buffer.concat([b.key, b.script.createCachedData()]);
  writeFileAtomic(codeCachePath(BUNDLE), data, { mode: 0o600 });
}

/** Child step: a fresh process must accept the cache, or it is removed (it would only cost time). */
async function checkCache() {
  const { loadHookBundle } = await dist('node/cli/hook-bundle-loader.js');
  const b = loadHookBundle(BUNDLE, { cache: true });
  process.exitCode = b?.cacheRejected === false ? 0 : 1;
  // Evaluating the bundle started nothing; exit before its lazily opened handles could matter.
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
  const { codeCachePath } = await dist('node/cli/hook-bundle-loader.js');
  rmSync(codeCachePath(BUNDLE), { force: true });
  const bytes = await bundle();
  const made = child('--make-cache');
  const ok = made.status === 0 && child('--check-cache').status === 0;
  if (!ok) {
    rmSync(codeCachePath(BUNDLE), { force: true });
    // The hook runs correctly without a cache, only slower: say so, do not fail the install.
    console.warn(`hook bundle: no code cache (${(made.stderr || 'V8 refused it').trim()})`);
  }
  console.log(
    `hook bundle: ${relative(ROOT, BUNDLE)} (${Math.round(bytes / 1024)} KB${ok ? ', code cache' : ''})`,
  );
}

await main();
