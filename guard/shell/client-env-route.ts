// `export PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" && psql -h localhost ...`:
// a secret store's value exported under the password variable of the one database client run after
// it, against a server on this machine, is its use, not a read (docs/guard.md "Credential
// routing"). The client is secret-consumers' `clientPassword`, as for a prefix assignment; exported,
// the value outlives the client, so nothing may run after it, and only exports before it.
import type { ShellAnalysis, ShellCommand } from './model.js';
import { clientPassword } from './secret-consumers.js';

/** True when `cmd` (a substitution) is the whole value of an `export` whose one later command is a local client taking it. */
export function exportedIntoLocalClient(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (!cmd.substitution) return false;
  const at = all.commands.indexOf(cmd);
  // an `export` word's substitutions are listed right after the `export` itself
  let o = at - 1;
  while (o >= 0 && all.commands[o]?.substitution === true) o--;
  const owner = all.commands[o];
  if (owner?.name !== 'export' || owner.argv.length !== 2 || owner.nested !== cmd.nested)
    return false;
  const name = /^([A-Za-z_]\w*)=("?)\$\([^`]*\)\2$/.exec(owner.argv[1] ?? '')?.[1];
  if (name === undefined) return false;
  const top = (c: ShellCommand): boolean => !c.substitution && c.nested === cmd.nested;
  const head = all.commands.slice(0, o).filter(top);
  const rest = all.commands.slice(at + 1).filter((c) => !c.substitution);
  const client = rest[0];
  return (
    client !== undefined &&
    rest.length === 1 &&
    top(client) &&
    client.pipeline < 0 &&
    head.every((c) => c.name === 'export' && c.argv.length === 2) &&
    clientPassword(client, [name])
  );
}
