// Line coverage of the protocol rooms against their floor, counting what the tests run in process
// (vitest's map) and in the `mesh` processes they start (raw V8 coverage from NODE_V8_COVERAGE,
// mapped through the bundles' and the build's source maps back to the TypeScript sources).
// Exits 1 when a room is under its floor (.ci/run fails on it), or when no coverage was collected.
// Usage: node scripts/coverage-report.mjs --vitest FILE --raw DIR [--out FILE] [--floor 95]
//   [--report-only: print the figures against the floor without failing]
//   [--uncovered PREFIX: list the uncovered lines of each file under PREFIX, e.g. dap/leader/]
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mergeProcessCovs } from '@bcoe/v8-coverage';
import { Parser } from 'acorn';
import convert from 'ast-v8-to-istanbul';
import libCoverage from 'istanbul-lib-coverage';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const ROOMS = ['tuf', 'log', 'dap', 'vdaf'];
// node/cli/bundle-loader.ts runs a command bundle inside this function wrapper.
const BUNDLE_WRAPPER = '(function (exports, require, module, __filename, __dirname) {';

const { values } = parseArgs({
  options: {
    vitest: { type: 'string' },
    raw: { type: 'string' },
    out: { type: 'string' },
    floor: { type: 'string', default: '95' },
    'report-only': { type: 'boolean', default: false },
    uncovered: { type: 'string' },
  },
});

/** Sources of the protocol rooms (and common/, reported but without a floor). */
const counted = (file) =>
  file.startsWith(ROOT + '/') &&
  /^(tuf|log|dap|vdaf|common)\//.test(relative(ROOT, file)) &&
  file.endsWith('.ts') &&
  !file.endsWith('.d.ts');

/** Every script of ours that a child process ran, merged across processes. */
function childScripts(dir) {
  const processes = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.endsWith('.json')) continue;
    let data;
    try {
      data = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      continue; // a process killed while writing leaves a partial file: it counts nothing
    }
    const result = (data.result ?? []).filter((s) => s.url.startsWith(`file://${DIST}/`));
    if (result.length > 0) processes.push({ result });
  }
  return processes.length === 0 ? [] : mergeProcessCovs(processes).result;
}

async function childCoverage(dir) {
  const map = libCoverage.createCoverageMap({});
  for (const script of childScripts(dir)) {
    const file = fileURLToPath(script.url);
    const mapFile = `${file}.map`;
    if (!existsSync(file) || !existsSync(mapFile)) continue;
    const code = readFileSync(file, 'utf8');
    const bundle = file.endsWith('.cjs');
    const sourceMap = JSON.parse(readFileSync(mapFile, 'utf8'));
    const data = await convert({
      code,
      wrapperLength: bundle ? BUNDLE_WRAPPER.length : 0,
      sourceMap,
      coverage: { url: script.url, functions: script.functions },
      ast: Parser.parse(code, {
        ecmaVersion: 'latest',
        sourceType: bundle ? 'script' : 'module',
        allowHashBang: true,
        allowReturnOutsideFunction: true,
      }),
    });
    for (const [path, fc] of Object.entries(data)) if (counted(path)) map.merge({ [path]: fc });
  }
  return map;
}

const inProcess =
  values.vitest && existsSync(values.vitest) ? JSON.parse(readFileSync(values.vitest, 'utf8')) : {};
const map = libCoverage.createCoverageMap(
  Object.fromEntries(Object.entries(inProcess).filter(([path]) => counted(path))),
);
const children = values.raw ? await childCoverage(values.raw) : libCoverage.createCoverageMap({});

/**
 * Each file's statement lines as vitest's transform of the source finds them (every file of the
 * rooms, loaded or not), and which of them ran in process or in a child. The bundles' maps also
 * place module glue on import lines; only lines vitest counts are counted.
 */
function fileLines(path) {
  const own = map.fileCoverageFor(path).getLineCoverage();
  const child = children.data[path] ? children.fileCoverageFor(path).getLineCoverage() : {};
  const lines = Object.keys(own).map(Number);
  const uncovered = lines.filter((l) => !(own[l] > 0) && !(child[l] > 0));
  return { total: lines.length, uncovered };
}

const floor = Number(values.floor);
const rows = [];
let failed = false;
for (const room of [...ROOMS, 'common']) {
  let total = 0;
  let covered = 0;
  for (const path of map.files())
    if (relative(ROOT, path).startsWith(`${room}/`)) {
      const f = fileLines(path);
      total += f.total;
      covered += f.total - f.uncovered.length;
    }
  // No lines at all means no coverage was collected: that is never a pass.
  const pct = total === 0 ? 0 : Math.floor((covered / total) * 10_000) / 100;
  const floored = ROOMS.includes(room);
  const below = floored && pct < floor;
  failed ||= below;
  rows.push({ room, covered, total, pct, floor: floored ? floor : null });
  console.log(
    `coverage ${room.padEnd(6)} ${String(pct).padStart(6)}% lines (${covered}/${total})` +
      (floored ? (below ? `  below the ${floor}% floor` : `  floor ${floor}%`) : ''),
  );
}
if (values.uncovered !== undefined)
  for (const path of map.files().sort()) {
    if (!relative(ROOT, path).startsWith(values.uncovered)) continue;
    const { uncovered } = fileLines(path);
    if (uncovered.length > 0) console.log(`  ${relative(ROOT, path)}: ${uncovered.join(' ')}`);
  }
if (values.out) mkdirSync(dirname(values.out), { recursive: true });
if (values.out) writeFileSync(values.out, JSON.stringify({ rooms: rows }, null, 2) + '\n');
process.exit(failed && !values['report-only'] ? 1 : 0);
