// A prune narrowed by its filters is housekeeping: `docker system prune --filter until=72h` never
// removes volumes (the CLI refuses `until` beside `--volumes`), and a volume prune without `-a`
// kept to one compose project's label removes only that project's unused anonymous volumes.
// `-a`/`--all`, `--volumes` beside an age filter, or a project named for production keep the
// prune `infra_destroy` (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';
import { filterValues, PROJECT_LABEL } from './compose-scope.js';
import { PRODUCTION } from './targeted-destroy.js';

const AGE = /^until=\d+(?:\.\d+)?[smhd]?$|^until=\d{4}-\d\d-\d\d/;
const ALL = /^-[a-z]*a[a-z]*$|^--all$/;

/** Whether `cmd` (a `docker|podman volume|system prune`) is one its filters keep to housekeeping. */
export function housekeepingPrune(cmd: ShellCommand): boolean {
  if (cmd.name !== 'docker' && cmd.name !== 'podman') return false;
  const [, sub, verb] = cmd.argv;
  if (verb !== 'prune' || (sub !== 'volume' && sub !== 'system')) return false;
  const filters = filterValues(cmd.argv);
  if (filters.length === 0) return false;
  const volumes = sub === 'volume' || cmd.argv.includes('--volumes');
  if (!volumes) return filters.some((f) => AGE.test(f));
  if (cmd.argv.some((a) => ALL.test(a))) return false;
  const projects = filters.flatMap((f) => PROJECT_LABEL.exec(f)?.[1] ?? []);
  return projects.length === 1 && !projects.some((p) => PRODUCTION.test(p));
}
