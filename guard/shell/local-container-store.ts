// A data store's client run inside a container of the developer's own engine (`docker compose exec
// redis redis-cli FLUSHDB`, `docker exec mongo mongosh --eval 'db.dropDatabase()'`) resets that
// container's server: the project's scratch store. It still counts where the call's folder is a
// server's (the engine there runs production), and an engine elsewhere (`-H`, `--context`,
// `DOCKER_HOST`), a production-named container or service, or a client naming another server
// stays infra_destroy (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';
import { inComposeService } from './local-sql-target.js';
import { LOCAL_HOST } from './local-test-data.js';

const URL_HOST = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?([^/:?,]+)/i;

/** True when `cmd` runs in a local container and names no server but the container's own. */
export function localContainerStore(cmd: ShellCommand, all: ShellAnalysis): boolean {
  const { argv } = cmd;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-h' || a === '--host') {
      if (!LOCAL_HOST.test(argv[++i] ?? '')) return false;
    } else if (a.includes('://')) {
      const host = URL_HOST.exec(a.replace(/^(?:-u|--uri)=?/, ''))?.[1];
      if (host === undefined || !LOCAL_HOST.test(host)) return false;
    }
  }
  return inComposeService(cmd, all);
}
