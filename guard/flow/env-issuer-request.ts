// `set -a; source .env; set +a; curl https://api.anthropic.com/... -H "x-api-key: $ANTHROPIC_API_KEY"
// -d '{"model":"claude-3-5-haiku-latest",...}'`: the project's env file loaded into the environment
// for requests that each go to the issuer of the credential variables they name. What the request
// carries from that file (a model name, a region) goes to the service the file configures, with
// the developer's own key; data from any other sensitive file, a literal key, or any other host
// stays a flow (docs/guard.md "Credentials and their issuers").
import { posix } from 'node:path';
import { issuersNamedIn, REPLY_READERS } from '../egress/issuers.js';
import type { ShellView } from '../detectors/detector.js';
import { requestToIssuers, writesFile } from '../shell/issuer-request.js';
import type { FlowHit } from './taint.js';

/** A project env file by a relative name: `.env`, `./.env`, `.env.local`. */
const ENV_FILE = /^(?:\.\/)?\.env(?:\.[\w-]+)?$/;

/**
 * The absolute paths of the env files the command loads with `set -a` and `source`, when every
 * other command is `set`, such a load, a request to the issuers of the variables it names, or a
 * reader of its reply; else null. Attacker-controlled: the agent wrote the command.
 */
function loadedForIssuers(view: ShellView, cwd: string): string[] | null {
  const { analysis } = view;
  if (analysis.status !== 'ok') return null;
  const loaded: string[] = [];
  let requests = 0;
  for (const c of analysis.commands) {
    if (c.dynamic === true || c.tainted === true || c.via !== undefined || writesFile(c))
      return null;
    if (c.name === 'set' && c.argv.slice(1).every((a) => /^[-+]a$/.test(a))) continue;
    if ((c.name === 'source' || c.name === '.') && c.argv.length === 2) {
      const file = c.argv[1] ?? '';
      if (!ENV_FILE.test(file)) return null;
      loaded.push(posix.join(cwd, file));
    } else if (REPLY_READERS.has(c.name) && c.stage > 0) continue;
    else if (requestToIssuers(c, analysis, issuersNamedIn(c.argv.join(' ')))) requests++;
    else return null;
  }
  return requests > 0 && loaded.length > 0 ? loaded : null;
}

/**
 * The hits that remain when the call is such a load and request: those from the loaded env files
 * are its use. `cwd` must be absolute (the loaded file is resolved against it).
 */
export function withoutLoadedEnv(
  hits: readonly FlowHit[],
  view: ShellView,
  cwd: string | undefined,
): FlowHit[] {
  if (cwd === undefined || !cwd.startsWith('/')) return [...hits];
  const loaded = loadedForIssuers(view, cwd);
  if (loaded === null) return [...hits];
  return hits.filter((h) => h.source.kind !== 'result' || !loaded.includes(h.source.label));
}
