// §5.6.7 of TUF 1.0.34: pre-order depth-first search of the delegation graph, cycle- and count-limited.
// Each role is loaded (downloaded when it has no usable stored copy) only when the search reaches it,
// so a repository sees the roles asked for in exactly the search's order, as tuf-conformance checks.
import { roleMatchesPath } from '../metadata/delegations.js';
import type { TargetFile } from '../metadata/target-file.js';
import type { Targets } from '../metadata/targets.js';

/** Loads and verifies `role` as delegated by `delegator` (§5.6.7.2). */
export type LoadRole = (role: string, delegator: string) => Promise<Targets>;

export async function findTarget(
  path: string,
  maxDelegations: number,
  load: LoadRole,
): Promise<TargetFile | undefined> {
  const toVisit: [string, string][] = [['targets', 'root']];
  const visited = new Set<string>();
  while (toVisit.length > 0 && visited.size <= maxDelegations) {
    const next = toVisit.pop();
    if (next === undefined) break;
    const [role, delegator] = next;
    // Cycle protection: a role is interrogated once per search.
    if (visited.has(role)) continue;
    const targets = await load(role, delegator);
    const found = targets.targets.get(path);
    if (found !== undefined) return found;
    visited.add(role);
    const children: [string, string][] = [];
    for (const child of targets.delegations?.roles ?? []) {
      if (!roleMatchesPath(child, path)) continue;
      children.push([child.name, role]);
      // §5.6.7.2.1: a terminating delegation ends the search past this role.
      if (child.terminating) {
        toVisit.length = 0;
        break;
      }
    }
    // Pushed in reverse so the first listed (most trusted) role is visited first.
    toVisit.push(...children.reverse());
  }
  return undefined;
}
