// `mesh guard hook-daemon start|stop|status|run`: the warm path of the Claude Code hook (docs/guard.md
// "Warm path"). While it runs, `mesh guard hook ...` forwards each call to it over a unix socket.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import type { Command } from 'commander';
import { askDaemon } from '../../hook-daemon/control.js';
import { startHookDaemon, socketLive } from '../../hook-daemon/server.js';
import { hookSocketPath } from '../../hook-daemon/socket-path.js';
import { StateError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';

interface JsonFlag {
  json?: boolean;
}

const notRunning = (socket: string) => ({ running: false as const, socket });

async function status(ctx: CommandContext): Promise<unknown> {
  const socket = hookSocketPath(ctx.stateRoot);
  return (await askDaemon(socket, 'status')) ?? notRunning(socket);
}

function describe(s: unknown): string {
  const v = s as { running: boolean; socket: string; pid?: number; served?: number };
  return v.running
    ? `hook daemon running (pid ${v.pid ?? '?'}, ${v.served ?? 0} calls served) on ${v.socket}`
    : `no hook daemon on ${v.socket}; start one with: mesh guard hook-daemon start`;
}

async function waitLive(socket: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await socketLive(socket)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export function addGuardHookDaemon(group: Command): void {
  const d = group
    .command('hook-daemon')
    .description(
      'keep the Claude Code hook warm: one per-user daemon answers `mesh guard hook` calls',
    );
  d.command('run')
    .description('run the daemon in the foreground (what `start` runs in the background)')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = contextFor(cmd, {});
      ctx.state();
      const daemon = await startHookDaemon(ctx.stateRoot);
      const stop = (): void => void daemon.close();
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      ctx.out.progress(`hook daemon listening on ${daemon.socket}`);
      await daemon.closed;
    });
  d.command('start')
    .description('start the daemon in the background (no-op if one is running)')
    .option('--json', 'print the status as JSON')
    .action(async (opts: JsonFlag, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const state = ctx.state();
      const socket = hookSocketPath(ctx.stateRoot);
      if (!(await socketLive(socket))) {
        mkdirSync(state.path('guard'), { recursive: true, mode: 0o700 });
        const log = openSync(state.path('guard', 'hook-daemon.log'), 'a', 0o600);
        const entry = process.argv[1] ?? '';
        const child = spawn(
          process.execPath,
          [entry, '--state', ctx.stateRoot, 'guard', 'hook-daemon', 'run'],
          { detached: true, stdio: ['ignore', log, log] },
        );
        child.unref();
        closeSync(log);
        if (!(await waitLive(socket, 15_000)))
          throw new StateError(
            'io_failed',
            `the hook daemon did not start listening on ${socket}`,
            `see ${state.path('guard', 'hook-daemon.log')}`,
          );
      }
      ctx.out.result(await status(ctx), describe);
    });
  d.command('stop')
    .description('stop the daemon; hook calls then run in their own process again')
    .option('--json', 'print the result as JSON')
    .action(async (opts: JsonFlag, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const socket = hookSocketPath(ctx.stateRoot);
      const was = await askDaemon(socket, 'stop');
      const until = Date.now() + 10_000;
      while (was !== null && Date.now() < until && (await socketLive(socket)))
        await new Promise((r) => setTimeout(r, 50));
      ctx.out.result({ stopped: was !== null, socket }, (v) =>
        v.stopped ? `hook daemon stopped (${socket})` : `no hook daemon was running on ${socket}`,
      );
    });
  d.command('metrics')
    .description(
      'hook latency, answers by door and outcome, and queue depth, as Prometheus text (or --json)',
    )
    .option('--json', 'print the metrics as JSON (prom-client form)')
    .action(async (opts: JsonFlag, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const socket = hookSocketPath(ctx.stateRoot);
      const m = (await askDaemon(socket, 'metrics')) as {
        text?: unknown;
        metrics?: unknown;
      } | null;
      if (m === null || typeof m.text !== 'string')
        throw new StateError(
          'io_failed',
          `no hook daemon answers on ${socket}`,
          'start one with: mesh guard hook-daemon start',
        );
      const text = m.text;
      ctx.out.result({ metrics: m.metrics }, () => text.trimEnd());
    });
  d.command('status')
    .description('whether a daemon answers, its pid and how many calls it served')
    .option('--json', 'print the status as JSON')
    .action(async (opts: JsonFlag, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      ctx.out.result(await status(ctx), describe);
    });
}
