// `mesh doctor [--json]`: what works on this machine and what does not, and why.
import type { Command } from 'commander';
import { runChecks, type CheckResult } from '../../doctor/index.js';
import { checkServeStores } from '../../doctor/dap-stores.js';
import { checkHookInstalled } from '../../doctor/hook.js';
import { checkServeConfig } from '../../doctor/issuer-opt-outs.js';
import { checkMcpInstalled } from '../../guard/mcp-install-check.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;

function render(checks: CheckResult[]): string {
  return checks
    .map(
      (c) =>
        `${MARK[c.status]}  ${c.name.padEnd(12)} ${c.detail}${c.hint ? `\n      next: ${c.hint}` : ''}`,
    )
    .join('\n');
}

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('check what this node can do here and why not')
    .option('--config <file>', "a config mesh serve reads: its roles' opt-outs are reported")
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean; config?: string }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const checks = [
        ...runChecks({ stateRoot: ctx.stateRoot }),
        checkHookInstalled({ stateRoot: ctx.stateRoot, cwd: process.cwd() }),
        ...(opts.config === undefined ? [] : checkServeConfig(opts.config)),
        ...(opts.config === undefined ? [] : await checkServeStores(opts.config)),
        checkMcpInstalled({ stateRoot: ctx.stateRoot, cwd: process.cwd() }),
      ];
      const ok = checks.every((c) => c.status !== 'fail');
      ctx.out.result({ ok, checks }, (r) => render(r.checks));
      if (!ok) process.exitCode = EXIT_FAILURE;
    });
}
