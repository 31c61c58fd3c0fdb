// `cat ~/.kube/config | grep -E "^\s+(name|cluster|server):"`: a credential file whose format holds
// one key per line (YAML, INI, dotenv), reduced by a `grep` to the lines of named keys that are
// not secrets, shows where it points and nothing it holds. Files with several fields on one line
// (`.netrc`, `.pgpass`, `.git-credentials`) or JSON that may be one line stay reads
// (docs/guard.md "Shell analysis").
import { grepsKeyAssignments, grepsNamedKeys } from './grep-named-keys.js';
import { pipedToValuePrefix } from './masked-output.js';
import { envFileNamesOnly } from './env-key-names.js';
import { namesProjectionFiles, pipedToNamesOnly } from './names-projection.js';
import { normalizePath } from '../sensitive-paths.js';
import type { ShellAnalysis, ShellCommand } from './model.js';

/** Credential files written one key per line. */
const KEY_PER_LINE =
  /(?:^|\/)(?:\.kube\/config|\.aws\/(?:config|credentials)|\.env(?:\.[\w-]+)*|\.npmrc|\.pypirc|\.config\/gh\/hosts\.yml)$/;

/** True when `cmd` reads the credential file `path` only through a filter for non-secret keys. */
export function credentialKeyLinesOnly(
  cmd: ShellCommand,
  path: string,
  all: ShellAnalysis,
): boolean {
  // a jq/yq projection to names prints none of the file, whatever its format
  if (namesProjectionFiles(cmd)?.includes(path) === true) return true;
  if (cmd.name === 'cat' && cmd.argv.every((a) => !a.startsWith('-')) && pipedToNamesOnly(cmd, all))
    return true;
  if (envFileNamesOnly(cmd, path, all)) return true;
  if (!KEY_PER_LINE.test(normalizePath(path))) return false;
  if (cmd.name === 'grep' || cmd.name === 'egrep' || cmd.name === 'rg')
    return (
      grepsNamedKeys(cmd.argv) ||
      // secret keys' lines cut to a vendor prefix of their values
      (/\.env(?:\.[\w-]+)*$/.test(path) &&
        grepsKeyAssignments(cmd.argv) &&
        pipedToValuePrefix(cmd, all))
    );
  if (cmd.name !== 'cat' || cmd.argv.length !== 2 || cmd.pipeline < 0) return false;
  const next = all.commands.find((c) => c.pipeline === cmd.pipeline && c.stage === cmd.stage + 1);
  if (next === undefined || next.redirects.some((r) => r.op === '<')) return false;
  // the filter reads only its input: one pattern and its options, no file operands
  const operands = next.argv.slice(1).filter((a) => !a.startsWith('-'));
  return operands.length === 1 && grepsNamedKeys(next.argv);
}
