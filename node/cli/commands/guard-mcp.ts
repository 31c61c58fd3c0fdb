// `mesh guard mcp --pack P... -- CMD [ARGS...]` (stdio MCP proxy) and `mesh guard mcp admit -- CMD`.
import type { Command } from 'commander';
import { probeSurface, runMcpProxy, surfaceHash, writeAdmission } from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { openMcpGuard } from '../../guard/mcp-guard.js';
import { contextFor } from '../context.js';
import { addFlowFlags, type FlowFlags } from './guard-hook.js';
import { guardNode, guardRequest } from './guard.js';
import { admitHttpUpstream, runHttpDoor, type HttpDoorFlags } from './guard-mcp-http.js';
import { addMcpInstall } from './guard-mcp-install.js';

function collectOrigin(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

export interface McpFlags extends FlowFlags, Partial<HttpDoorFlags> {
  session?: string;
  reviewTimeout: string;
  maxMessageBytes: string;
  refreshEvery?: string;
  watchInterval: string;
  mcpRules: boolean;
  name?: string;
  poisoned: string;
  json?: boolean;
  authEnv?: string;
}

function positive(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${name} must be a positive integer`);
  return n;
}

export function addGuardMcp(group: Command): void {
  const mcp = addFlowFlags(
    group
      .command('mcp')
      .description(
        'stdio MCP proxy in front of a server: mesh guard mcp --pack P -- CMD [ARGS]; re-admit: mesh guard mcp admit -- CMD [ARGS]',
      )
      .argument('[command...]', 'the server command (after --), or "admit" then -- and the command')
      .option(
        '--upstream <url>',
        'proxy MCP over Streamable HTTP to this server URL instead of a command',
      )
      .option(
        '--listen <host:port>',
        'with --upstream: where the agent connects (path /mcp)',
        '127.0.0.1:8931',
      )
      .option(
        '--allow-origin <origin>',
        'with --upstream: a browser Origin allowed to call (repeatable)',
        collectOrigin,
        [],
      )
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
      .option(
        '--refresh-every <seconds>',
        'refresh the mesh:<pack>@<ring> subscriptions in --pack on this interval while running (the reload follows)',
      )
      .option(
        '--watch-interval <ms>',
        'how often to look for a newly verified subscribed pack or an ended shadow window',
        '1000',
      )
      .option(
        '--name <server>',
        "the server's name in tool events, mcp__<server>__<tool> (default: its serverInfo name); use the name the agent's config gives it",
      )
      .option(
        '--poisoned <policy>',
        'a tool description or server instructions the result rules object to: refuse | escalate',
        'refuse',
      )
      .option('--no-mcp-rules', 'do not load builtin:mcp (checks of sampling and elicitation)')
      .option('--json', 'admit: print one JSON object')
      .option('--auth-env <name>', 'admit --upstream: send this variable as Authorization')
      .addHelpText(
        'after',
        `
Hot reload: packs given as mesh:<pack>@<ring> are compiled again, without a restart, when the
subscription accepts a new verified pack (another process ran "mesh subscribe", or
--refresh-every refreshed it), when the local edits or config.json change, and when a rule's
shadow window ends. A pack that fails to compile or fails its own tests is not loaded: the last
good policy stays in force and the reason goes to stderr.

Tool names: a server's tools are decided as mcp__<server>__<tool>, the names Claude Code gives
them, so one pack decides the hook and the proxy alike. Tool descriptions and the server's
instructions are decided with the result rules at admission and on every list change; a poisoned
one refuses the server (--poisoned escalate: a reviewer decides).

Server requests: sampling/createMessage is decided as tool "mcp:sampling", elicitation/create as
"mcp:elicitation" (args: the request params); the client's answers as "mcp:sampling-answer" and
"mcp:elicitation-answer" (args: the answer) before they go back to the server.`,
      ),
  ).action(async (command: string[], opts: McpFlags, cmd: Command) => {
    const ctx = contextFor(cmd, opts);
    const maxMessageBytes = positive(opts.maxMessageBytes, '--max-message-bytes');
    const admissionDir = ctx.state().path('guard', 'mcp-admissions');
    if (command[0] === 'admit' && opts.upstream !== undefined)
      return admitHttpUpstream(ctx, opts.upstream, opts.authEnv, admissionDir);
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
    const refreshEveryMs =
      opts.refreshEvery === undefined
        ? undefined
        : positive(opts.refreshEvery, '--refresh-every') * 1000;
    const watchIntervalMs = positive(opts.watchInterval, '--watch-interval');
    const reviewTimeoutMs = positive(opts.reviewTimeout, '--review-timeout') * 1000;
    if (opts.poisoned !== 'refuse' && opts.poisoned !== 'escalate')
      throw new UsageError('--poisoned must be refuse or escalate');
    const poisoned = opts.poisoned;
    const log = (line: string): void => {
      process.stderr.write(`${line}\n`);
    };
    const opened = openMcpGuard(guardNode(ctx), {
      ...guardRequest(opts, opts.flowRules),
      secretFiles: opts.secretFile,
      secretEnv: opts.secretEnv,
      mcpRules: opts.mcpRules,
      ...(refreshEveryMs !== undefined ? { refreshEveryMs } : {}),
      watchIntervalMs,
      log,
    });
    try {
      if (opts.upstream !== undefined) {
        process.exitCode = await runHttpDoor(
          {
            upstream: opts.upstream,
            listen: opts.listen ?? '127.0.0.1:8931',
            allowOrigin: opts.allowOrigin ?? [],
          },
          {
            ...(opts.name !== undefined ? { serverName: opts.name } : {}),
            poisoned,
            guard: opened.guard,
            reviews: opened.reviews,
            reviewTimeoutMs,
            admissionDir,
            maxMessageBytes,
            log,
          },
          opts.session,
          log,
        );
        return;
      }
      if (command.length === 0)
        throw new UsageError(
          'give the server command after --, or --upstream URL',
          'mesh guard mcp --pack P -- npx my-server',
        );
      process.exitCode = await runMcpProxy({
        command,
        ...(opts.name !== undefined ? { serverName: opts.name } : {}),
        poisoned,
        guard: opened.guard,
        session: opts.session ?? `mcp-${process.pid}-${Date.now()}`,
        reviews: opened.reviews,
        tainted: opened.taint.taintedPaths,
        reviewTimeoutMs,
        admissionDir,
        maxMessageBytes,
        agentIn: process.stdin,
        agentOut: process.stdout,
        log,
      });
    } finally {
      opened.close();
    }
  });
  addMcpInstall(mcp);
}
