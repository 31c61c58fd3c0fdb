// `mesh guard ...`: the guard's front doors. `decide` reads NDJSON events and writes one decision per line.
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import {
  createFlowTracker,
  type Decision,
  type Guard,
  type ReceiptSigner,
  type ReceiptWriter,
} from '../../../guard/index.js';
import type { LoadedPack } from '../../../packs/index.js';
import {
  buildGuardParts,
  guardOf,
  type GuardNode,
  type GuardRequest,
} from '../../guard/guard-builder.js';
import { nodeSigner } from '../../guard/node-key.js';
import { contextFor, type CommandContext } from '../context.js';
import { collect } from '../repeatable-option.js';

/** Longest NDJSON line accepted; longer events are escalated unread. */
export const MAX_EVENT_LINE = 8 * 1024 * 1024;

export interface GuardFlags {
  pack: string[];
  receipts?: string | false;
  nodeKey?: string;
}

/** Adds the flags every guard front door shares: --pack (repeatable), --receipts, --node-key. */
export function addGuardFlags(cmd: Command): Command {
  return cmd
    .option(
      '--pack <pack>',
      'pack file, builtin:<name> or mesh:<pack>@<ring> (repeatable)',
      collect,
      [],
    )
    .option('--receipts <file>', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--no-receipts', 'do not write receipts')
    .option(
      '--node-key <file>',
      'Ed25519 node key signing receipt heads (default: <state>/keys/node.key, created if absent)',
    );
}

/** The node key (node/guard/node-key.ts): one file format, created at the default path if absent. */
export function loadNodeKey(path: string, create: boolean): ReceiptSigner {
  return nodeSigner(path, create);
}

export interface OpenedGuard {
  guard: Guard;
  packs: LoadedPack[];
  receipts: ReceiptWriter | null;
  close(): void;
}

/** The node a command runs for, as the guard builder takes it. */
export function guardNode(ctx: CommandContext): GuardNode {
  return { stateRoot: ctx.stateRoot, state: () => ctx.state() };
}

/** The builder's request from the shared guard flags. */
export function guardRequest(flags: GuardFlags, flowRules: boolean): GuardRequest {
  return {
    packs: flags.pack,
    ...(flags.receipts !== undefined ? { receipts: flags.receipts } : {}),
    ...(flags.nodeKey !== undefined ? { nodeKey: flags.nodeKey } : {}),
    flowRules,
  };
}

/** `mesh guard decide`'s guard, built by node/guard/guard-builder.ts; quarantined rules are warned. */
export function openGuard(ctx: CommandContext, flags: GuardFlags, flowRules: boolean): OpenedGuard {
  const parts = buildGuardParts(
    guardNode(ctx),
    guardRequest(flags, flowRules),
    createFlowTracker(),
  );
  for (const p of parts.packs)
    for (const q of p.policy.quarantined)
      ctx.out.progress(`warning: ${p.meta.name}: rule quarantined: ${q.message}`);
  return {
    guard: guardOf(parts, false),
    packs: parts.packs,
    receipts: parts.receipts ?? null,
    close: parts.close,
  };
}

const TOO_LONG: Decision = {
  verdict: 'escalate',
  rule: 'guard.event-too-large',
  reason: `event line longer than ${MAX_EVENT_LINE} bytes`,
  attributed_to: null,
  shadow: false,
};

async function decideStream(opened: OpenedGuard): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  // each decision is written, in input order, as soon as its receipt is committed: an agent that
  // sends one event and waits gets its answer at once, while bursts still share group commits
  let tail: Promise<void> = Promise.resolve();
  let inFlight = 0;
  for await (const line of rl) {
    if (line.trim() === '') continue;
    let event: unknown;
    // this value is attacker-controlled: whatever the agent produced
    try {
      event = line.length > MAX_EVENT_LINE ? undefined : (JSON.parse(line) as unknown);
    } catch {
      event = null;
    }
    const ev =
      event === undefined
        ? { decision: TOO_LONG, hits: [], elapsedNs: 0 }
        : await opened.guard.evaluate(event);
    const committed = opened.receipts?.append(ev, event ?? null) ?? Promise.resolve();
    const text = JSON.stringify(ev.decision) + '\n';
    inFlight++;
    tail = tail.then(async () => {
      await committed;
      process.stdout.write(text);
      inFlight--;
    });
    if (inFlight >= 256) await tail;
  }
  await tail;
}

export function registerGuard(
  program: Command,
  subcommands: readonly ((group: Command) => void)[] = [],
): Command {
  const group = program
    .command('guard')
    .description("decide your agents' tool calls: ALLOW, BLOCK, MODIFY or ESCALATE");
  addGuardFlags(
    group
      .command('decide')
      .description(
        'NDJSON events on stdin -> one decision per line on stdout (receipts written per decision)',
      )
      .option('--json', 'decisions as JSON lines (the only output format; accepted for symmetry)')
      .option('--no-flow-rules', 'do not load the built-in flow rules (builtin:flow)'),
  ).action(async (opts: GuardFlags & { json?: boolean; flowRules: boolean }, cmd: Command) => {
    const ctx = contextFor(cmd, opts);
    // One stream is one process: taint lives in memory, per session, for the stream's lifetime.
    const opened = openGuard(ctx, opts, opts.flowRules);
    try {
      await decideStream(opened);
    } finally {
      opened.close();
    }
  });
  for (const add of subcommands) add(group);
  return group;
}
