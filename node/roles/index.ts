// The server roles `mesh serve --role` knows. Each role lives in its own file beside this one.
import { collectorRole } from './collector.js';
import { dapHelperRole } from './dap-helper.js';
import { dapLeaderRole } from './dap-leader.js';
import type { RoleDefinition } from './role.js';
import { witnessRole } from './witness.js';
import { mirrorRole } from './mirror.js';
import { timestampRole } from './timestamp.js';
import { issuerRole } from './issuer.js';
import { consoleRole } from './console.js';

export type { RoleDefinition, RoleHealth, RoleInstance, RoleOptions } from './role.js';

export const ROLES: readonly RoleDefinition[] = [
  dapLeaderRole,
  dapHelperRole,
  witnessRole,
  mirrorRole,
  collectorRole,
  timestampRole,
  issuerRole,
  consoleRole,
];

export function findRole(name: string): RoleDefinition | undefined {
  return ROLES.find((r) => r.name === name);
}
