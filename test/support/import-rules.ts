// docs/architecture.md "Rooms": which room may import which, and only through its index.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const ROOMS = [
  'common',
  'vdaf',
  'tuf',
  'log',
  'guard',
  'bpf',
  'dap',
  'packs',
  'governance',
  'node',
] as const;
export type Room = (typeof ROOMS)[number];

/** `common` is the leaf module: every room may import it, and it imports no room. */
export const ALLOWED: Record<Room, readonly Room[]> = {
  common: [],
  vdaf: ['common'],
  tuf: ['common'],
  log: ['common'],
  guard: ['common'],
  bpf: ['common'],
  dap: ['common', 'vdaf'],
  packs: ['common', 'tuf', 'log', 'guard'],
  governance: ['common', 'tuf', 'log'],
  node: ['common', 'vdaf', 'tuf', 'log', 'guard', 'bpf', 'dap', 'packs', 'governance'],
};

export interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

const PACKAGE = 'interlock-mesh/';

function isRoom(name: string | undefined): name is Room {
  return name !== undefined && (ROOMS as readonly string[]).includes(name);
}

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures' || name.startsWith('.'))
      continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Who a file speaks for: a room, a room's tests/benchmarks, or shared test code (e2e, support). */
type Owner = { kind: 'room'; room: Room } | { kind: 'tests'; room: Room | null };

function ownerOf(relPath: string): Owner | null {
  const parts = relPath.split(sep);
  const [top, second] = parts;
  if (isRoom(top)) return { kind: 'room', room: top };
  // End-to-end suites and shared test support drive the composition root: they count as node's tests.
  if (top === 'test' && (second === 'e2e' || second === 'support'))
    return { kind: 'tests', room: 'node' };
  if (top === 'test' || top === 'bench')
    return { kind: 'tests', room: isRoom(second) ? second : null };
  return null;
}

/** The room and in-room path a specifier points at, or null when it points outside the rooms. */
function target(
  root: string,
  fromFile: string,
  spec: string,
): { room: Room; inner: string } | null {
  if (spec.startsWith(PACKAGE)) {
    const room = spec.slice(PACKAGE.length);
    return isRoom(room) ? { room, inner: 'index.js' } : null;
  }
  if (!spec.startsWith('.')) return null;
  const rel = relative(root, resolve(dirname(fromFile), spec));
  const [top, ...rest] = rel.split(sep);
  return isRoom(top) ? { room: top, inner: rest.join('/') } : null;
}

const INDEX = new Set(['index.js', 'index.ts', 'index', '']);
/**
 * The hook daemon's client loads on every hook call (docs/guard.md "Hook start-up": the warm path's
 * cost is a few ms over `node -e 0`), and common/index.ts would add ~12 ms: that folder may import
 * the coded error base, which imports nothing, on its own.
 */
const DIRECT_ERRORS_BASE = { from: `node${sep}hook-daemon${sep}`, inner: 'errors.js' };

export function checkImports(root: string): Violation[] {
  const violations: Violation[] = [];
  const files = [...ROOMS, 'test', 'bench'].flatMap((d) => {
    try {
      return walk(join(root, d), []);
    } catch {
      return [];
    }
  });
  for (const file of files) {
    const rel = relative(root, file);
    const owner = ownerOf(rel);
    if (!owner) continue;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of info.importedFiles) {
      const t = target(root, file, spec);
      if (spec.startsWith('.') && owner.kind === 'room') {
        const top = relative(root, resolve(dirname(file), spec)).split(sep)[0];
        if (top === 'test' || top === 'bench') {
          violations.push({
            file: rel,
            specifier: spec,
            reason: `room ${owner.room} imports test code`,
          });
          continue;
        }
      }
      if (!t || t.room === owner.room) continue;
      if (owner.kind === 'tests' && owner.room === t.room) continue;
      const errorsBase =
        t.room === 'common' &&
        t.inner === DIRECT_ERRORS_BASE.inner &&
        rel.startsWith(DIRECT_ERRORS_BASE.from);
      if (!INDEX.has(t.inner) && !errorsBase) {
        violations.push({
          file: rel,
          specifier: spec,
          reason: `reaches inside ${t.room}/ (only ${t.room}/index.ts is public)`,
        });
        continue;
      }
      if (owner.kind === 'room' && !ALLOWED[owner.room].includes(t.room)) {
        violations.push({
          file: rel,
          specifier: spec,
          reason: `${owner.room} may not import ${t.room}`,
        });
      }
    }
  }
  return violations;
}
