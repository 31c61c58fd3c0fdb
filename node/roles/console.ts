// `mesh serve --role console`: the console where people decide escalated calls and read the node's
// state (docs/console.md). Config: {"console": {"guardDir": DIR, "stateDir": DIR, "approvers":
// [{"name", "keyFile"}]}}; by default the guard and state folders of the node serving it.
import { resolve } from 'node:path';
import { ReviewQueue } from '../../guard/index.js';
import { approverKeys } from '../console/approver-keys.js';
import { ConsoleAuth } from '../console/console-auth.js';
import { mountConsole } from '../console/console-app.js';
import { ConsoleService } from '../console/console-service.js';
import { DoctorRunner } from '../console/doctor-report.js';
import { registerGuardMetrics } from '../console/guard-metrics.js';
import { registerHookDaemonMetrics } from '../console/hook-daemon-metrics.js';
import { ConfigError } from '../errors.js';
import type { RoleDefinition } from './role.js';

function pathIn(c: Record<string, unknown>, key: string, fallback: string): string {
  const v = c[key];
  if (v !== undefined && typeof v !== 'string')
    throw new ConfigError('config_invalid', `console.${key} must be a path`);
  return typeof v === 'string' ? resolve(v) : fallback;
}

export const consoleRole: RoleDefinition = {
  name: 'console',
  mount(app, opts) {
    const c = (opts.config.console ?? {}) as Record<string, unknown>;
    // The role's data folder is <state>/serve/console: the node's state directory is two levels up.
    const stateRoot = pathIn(c, 'stateDir', resolve(opts.dataDir, '..', '..'));
    const guardDir = pathIn(c, 'guardDir', resolve(stateRoot, 'guard'));
    const auth = new ConsoleAuth(approverKeys(c));
    registerGuardMetrics(opts.metrics, guardDir);
    registerHookDaemonMetrics(opts.metrics, stateRoot);
    const service = new ConsoleService(guardDir);
    mountConsole(app, {
      auth,
      service,
      stateRoot,
      doctor: new DoctorRunner(stateRoot),
      status: () => {
        const q = ReviewQueue.open(guardDir);
        try {
          const all = q.list();
          const count = (s: string): number => all.filter((r) => r.status === s).length;
          return {
            'state folder': stateRoot,
            'guard folder': guardDir,
            'sign-in': auth.byKey ? 'approver keys' : 'login token',
            pending: count('pending'),
            approved: count('approved'),
            rejected: count('rejected'),
            expired: count('expired'),
          };
        } finally {
          q.close();
        }
      },
    });
    // The login token is for the person starting the console, on its own stderr line; never logged.
    process.stderr.write(
      auth.loginToken === null
        ? `console login: ${opts.baseUrl}/console/login with an approver key\n`
        : `console login: ${opts.baseUrl}/console/login token ${auth.loginToken}\n`,
    );
    return Promise.resolve({ close: () => Promise.resolve() });
  },
};
