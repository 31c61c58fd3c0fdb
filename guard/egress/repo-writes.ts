// Files written through a code host's MCP tools (`create_or_update_file`, `push_files`) to a
// repository that is not the project's: the content leaves for whoever owns that repository
// (docs/guard.md "Egress").
import { foreignRepository } from './internal-hosts.js';
import { projectOwner } from './project-remotes.js';

/**
 * The repository a file write goes to when neither the working folder's git remotes name it nor
 * its owner is an owner of those remotes (an organisation's other repository); null when it is
 * the project's or the call names none. Without a working folder, no repository is the project's.
 */
export function foreignWriteRepository(
  args: Record<string, unknown>,
  cwd: string | undefined,
): string | null {
  // GitLab's tools name the project as `project_id: "group/name"`
  const pid = args.project_id;
  const named =
    typeof pid === 'string' && pid.includes('/')
      ? { owner: pid.slice(0, pid.lastIndexOf('/')), repo: pid.slice(pid.lastIndexOf('/') + 1) }
      : args;
  const repo = foreignRepository(named, cwd);
  if (repo === null) return null;
  const owner = repo.slice(0, repo.indexOf('/'));
  return cwd !== undefined && projectOwner(owner, cwd) ? null : repo;
}
