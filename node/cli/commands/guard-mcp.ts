// `mesh guard mcp --pack P... -- CMD [ARGS...]` (stdio MCP proxy) and `mesh guard mcp admit -- CMD`.
import type { Command } from 'commander';
import {
  FingerprintStore,
  probeSurface,
  ReviewQueue,
  runMcpProxy,
  surfaceHash,
  writeAdmission,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { addFlowFlags, openFlowGuard, registerSecrets, type FlowFlags } from './guard-hook.js';

interface McpFlags extends FlowFlags {
  session?: string;
  reviewTimeout: string;
  maxMessageBytes: string;
  json?: boolean;
}

function positive(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${name} must be a positive integer`);
  return n;
}

export function addGuardMcp(group: Command): void {
  addFlowFlags(
    group
      .command('mcp')
      .description(
        'stdio MCP proxy in front of a server: mesh guard mcp --pack P -- CMD [ARGS]; re-admit: mesh guard mcp admit -- CMD [ARGS]',
      )
      .argument('<command...>', 'the server command (after --), or "admit" then -- and the command')
      .option(
        '--session <id>',
        'flow session shared with other proxies and hooks (default: one per proxy run)',
      )
      .option(
        '--review-timeout <seconds>',
        'how long an escalated call waits for `mesh reviews approve`',
        '300',
      )
      .option(
        '--max-message-bytes <n>',
        'largest JSON-RPC message accepted in either direction',
        String(16 * 1024 * 1024),
      )
      .option('--json', 'admit: print one JSON object'),
  ).action(async (command: string[], opts: McpFlags, cmd: Command) => {
    const ctx = contextFor(cmd, opts);
    const maxMessageBytes = positive(opts.maxMessageBytes, '--max-message-bytes');
    const dir = ctx.state().path('guard');
    const admissionDir = ctx.state().path('guard', 'mcp-admissions');
    if (command[0] === 'admit') {
      const server = command.slice(1);
      if (server.length === 0)
        throw new UsageError(
          'give the server command after --',
          'mesh guard mcp admit -- npx my-server',
        );
      const tools = await probeSurface(server, { timeoutMs: 30_000, maxMessageBytes });
      const a = writeAdmission(admissionDir, server, surfaceHash(tools), tools);
      ctx.out.result(
        { admitted: a.command, surface: a.surface, tools: Object.keys(a.tools).sort() },
        (r) =>
          `admitted ${r.admitted.join(' ')}: ${r.tools.length} tools, surface ${r.surface.slice(0, 16)}`,
      );
      return;
    }
    const tracker = FingerprintStore.open(dir);
    const reviews = ReviewQueue.open(dir);
    try {
      registerSecrets(tracker, opts);
      const opened = openFlowGuard(ctx, opts, tracker);
      try {
        process.exitCode = await runMcpProxy({
          command,
          guard: opened.guard,
          session: opts.session ?? `mcp-${process.pid}-${Date.now()}`,
          reviews,
          reviewTimeoutMs: positive(opts.reviewTimeout, '--review-timeout') * 1000,
          admissionDir,
          maxMessageBytes,
          agentIn: process.stdin,
          agentOut: process.stdout,
          log: (line) => process.stderr.write(`${line}\n`),
        });
      } finally {
        opened.close();
      }
    } finally {
      reviews.close();
      tracker.close();
    }
  });
}
