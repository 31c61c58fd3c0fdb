// `GET /healthz` of `mesh serve` (docs/architecture.md server roles): each role's real state, 200 only when
// every role is ready; 503 while roles mount, and while any role is starting or has failed.
import type { RoleHealth, RoleInstance } from '../roles/role.js';

export interface HealthReport {
  ok: boolean;
  roles: string[];
  state: Record<string, RoleHealth>;
}

/** `instances` is undefined until every role has mounted. */
export function roleHealth(
  names: readonly string[],
  instances: readonly RoleInstance[] | undefined,
): HealthReport {
  const state: Record<string, RoleHealth> = {};
  names.forEach((name, i) => {
    const inst = instances?.[i];
    state[name] =
      inst === undefined ? { state: 'starting' } : (inst.health?.() ?? { state: 'ready' });
  });
  const ok = Object.values(state).every((h) => h.state === 'ready');
  return { ok, roles: [...names], state };
}
