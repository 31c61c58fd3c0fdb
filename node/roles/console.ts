// `mesh serve --role console`: the console where people decide escalated calls and read the node's
// state (docs/console.md). Config: {"console": {"guardDir": DIR}}; default the node's guard folder.
import { resolve } from 'node:path';
import { ReviewQueue } from '../../guard/index.js';
import { ConsoleAuth } from '../console/console-auth.js';
import { mountConsole } from '../console/console-app.js';
import { ConsoleService } from '../console/console-service.js';
import { registerGuardMetrics } from '../console/guard-metrics.js';
import { ConfigError } from '../errors.js';
import type { RoleDefinition } from './role.js';

function guardDirOf(config: Record<string, unknown>, dataDir: string): string {
  const c = (config.console ?? {}) as Record<string, unknown>;
  if (c.guardDir !== undefined && typeof c.guardDir !== 'string')
    throw new ConfigError('config_invalid', 'console.guardDir must be a path');
  // The role's data folder is <state>/serve/console: the guard's folder is <state>/guard.
  return typeof c.guardDir === 'string'
    ? resolve(c.guardDir)
    : resolve(dataDir, '..', '..', 'guard');
}

export const consoleRole: RoleDefinition = {
  name: 'console',
  mount(app, opts) {
    const guardDir = guardDirOf(opts.config, opts.dataDir);
    const auth = new ConsoleAuth();
    registerGuardMetrics(opts.metrics, guardDir);
    const service = new ConsoleService(guardDir);
    mountConsole(app, auth, service, () => {
      const q = ReviewQueue.open(guardDir);
      try {
        const all = q.list();
        const count = (s: string): number => all.filter((r) => r.status === s).length;
        return {
          'guard folder': guardDir,
          pending: count('pending'),
          approved: count('approved'),
          rejected: count('rejected'),
          expired: count('expired'),
        };
      } finally {
        q.close();
      }
    });
    // The login token is for the person starting the console, on its own stderr line; never logged.
    process.stderr.write(`console login: ${opts.baseUrl}/console/login token ${auth.loginToken}\n`);
    return Promise.resolve({ close: () => Promise.resolve() });
  },
};
