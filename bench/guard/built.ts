// The guard benches measure the code users run: the build's modules under dist/ (what the library
// exports and the `mesh` CLI's bundles are made of), never the TypeScript sources through tsx
// (docs/guard.md "Performance"). A build older than any source is refused, so no figure is taken
// from stale code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist');

/** Source files of the build (tsconfig.build.json's folders, tests and declarations left out). */
function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'fixtures') yield* sources(path);
    } else if (e.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(e.name)) yield path;
  }
}

/** The first source whose compiled module is missing or older than it, or null when the build is current. */
export function staleSource(): string | null {
  const config = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as {
    include?: string[];
  };
  for (const folder of config.include ?? []) {
    for (const src of sources(join(ROOT, folder))) {
      const rel = relative(ROOT, src);
      let built: number;
      try {
        built = statSync(join(DIST, rel.replace(/\.ts$/, '.js'))).mtimeMs;
      } catch {
        return rel;
      }
      if (built < statSync(src).mtimeMs) return rel;
    }
  }
  return null;
}

let checked = false;

/**
 * The module `path` (as under the repository root, `guard/index.js`) loaded from dist/; exits with
 * a message naming the first out-of-date source when the build is missing or stale.
 */
export async function fromBuild<T>(path: string): Promise<T> {
  if (!checked) {
    const stale = staleSource();
    if (stale !== null) {
      console.error(
        `bench/guard measures the build (dist/), and dist/ is missing or older than ${stale}: run npm run build first`,
      );
      process.exit(2);
    }
    checked = true;
  }
  return (await import(pathToFileURL(join(DIST, path)).href)) as T;
}
