// `mesh guard hook claude-code install|uninstall`: the hook written into (or removed from) Claude
// Code's settings by node/guard/claude-settings.ts; this command parses flags and prints.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  installClaudeHook,
  SCOPES,
  uninstallClaudeHook,
  type SettingsScope,
} from '../../guard/claude-settings.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { collect } from '../repeatable-option.js';

function scopeOf(v: string): SettingsScope {
  if (!(SCOPES as readonly string[]).includes(v))
    throw new UsageError(`--scope ${v}: unknown scope`, `use one of ${SCOPES.join(', ')}`);
  return v as SettingsScope;
}

/** Adds `install` and `uninstall` under `mesh guard hook claude-code`. */
export function addHookInstall(claude: Command): void {
  claude
    .command('install')
    .description(
      "write the hook into Claude Code's settings, with absolute paths of node, the CLI and the state directory (idempotent)",
    )
    .option('--scope <scope>', `settings to write: ${SCOPES.join(', ')}`, 'user')
    .option('--state <dir>', 'state directory the hook uses (default: this command’s state)')
    .option('--pack <pack>', 'pack the hook enforces (repeatable)', collect, [])
    .option('--json', 'print one JSON object')
    .action(
      (opts: { scope: string; state?: string; pack: string[]; json?: boolean }, cmd: Command) => {
        const ctx = contextFor(cmd, opts);
        const r = installClaudeHook({
          scope: scopeOf(opts.scope),
          cwd: process.cwd(),
          stateRoot: opts.state !== undefined ? resolve(opts.state) : ctx.stateRoot,
          packs: opts.pack.length > 0 ? opts.pack : ['builtin:coding-agent'],
        });
        ctx.out.result(r, (v) =>
          v.changed
            ? `installed the guard hook in ${v.settings}\n  ${v.command}\ncheck it with: mesh doctor`
            : `the guard hook is already installed in ${v.settings}`,
        );
      },
    );
  claude
    .command('uninstall')
    .description("remove this guard's hook from Claude Code's settings (other hooks stay)")
    .option('--scope <scope>', `settings to edit: ${SCOPES.join(', ')}`, 'user')
    .option('--json', 'print one JSON object')
    .action((opts: { scope: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const r = uninstallClaudeHook({ scope: scopeOf(opts.scope), cwd: process.cwd() });
      ctx.out.result(r, (v) =>
        v.removed > 0
          ? `removed ${v.removed} guard hook entries from ${v.settings}`
          : `no guard hook in ${v.settings}`,
      );
    });
}
