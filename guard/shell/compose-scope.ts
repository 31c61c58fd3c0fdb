// A volume removal or prune confined to one compose project (`docker volume rm billing-api_pgdata`,
// `docker system prune -af --volumes --filter label=com.docker.compose.project=orders-api`) is
// routine when that project is the working folder's own: compose names a project after its folder.
// The hit carries the names it touched; the pass that knows the call's folder drops it
// (docs/guard.md "Shell analysis").
import { basename } from 'node:path';
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';

/** A prune filter keeping it to one compose project's resources. */
export const PROJECT_LABEL = /^label=com\.docker\.compose\.project=([a-z0-9][a-z0-9_-]*)$/;
const VOLUME_NAME = /^[a-z0-9][\w.-]*$/;

/** The values of every `--filter` option (`--filter X` and `--filter=X`). */
export function filterValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--filter') out.push(argv[i + 1] ?? '');
    else if (a.startsWith('--filter=')) out.push(a.slice(9));
  }
  return out;
}

/**
 * On the local engine (no `-H`/`--context` before the subcommand): the volume names a `volume rm`
 * removes (`project_volume`), or the project a prune's label filter keeps it to; null otherwise.
 */
export function composeScope(cmd: ShellCommand): { names?: string[]; project?: string } | null {
  if (cmd.name !== 'docker' && cmd.name !== 'podman') return null;
  const [, sub, verb] = cmd.argv;
  if (sub === 'volume' && (verb === 'rm' || verb === 'remove')) {
    const names = cmd.argv.slice(3).filter((a) => a !== '-f' && a !== '--force');
    return names.length > 0 && names.every((n) => VOLUME_NAME.test(n)) ? { names } : null;
  }
  if ((sub === 'volume' || sub === 'system') && verb === 'prune') {
    const projects = filterValues(cmd.argv).flatMap((f) => PROJECT_LABEL.exec(f)?.[1] ?? []);
    return projects.length === 1 && projects[0] !== undefined ? { project: projects[0] } : null;
  }
  return null;
}

/** The compose project name of a folder: its base name, lowercased, other characters dropped. */
function folderProject(cwd: string): string {
  return basename(cwd)
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
}

/** `hits` without those confined to the compose project of the call's folder `cwd`. */
export function outsideProject(hits: readonly IntentHit[], cwd: string | undefined): IntentHit[] {
  const p = cwd === undefined ? '' : folderProject(cwd);
  if (p === '') return [...hits];
  return hits.filter((h) => {
    const s = h.compose;
    if (s === undefined) return true;
    if (s.project !== undefined) return s.project !== p;
    return !(s.names ?? []).every((n) => n.startsWith(`${p}_`) && n.length > p.length + 1);
  });
}
