// `mesh receipts verify [FILE]` and `mesh receipts anchor [FILE]`: the receipt chain checked against
// the node's pinned key (never the key the store names), and its signed head anchored outside it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  anchorHead,
  listReceipts,
  readAnchors,
  receiptAt,
  verifyReceipts,
  type VerifyReport,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { publicKeyHex, readNodeSeed } from '../../guard/node-key.js';
import { receiptDetail, receiptLine, sinceMs, verdictOf } from '../../guard/receipt-query.js';
import { NodeError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';

interface ReceiptFlags {
  head?: string;
  key?: string;
  nodeKey?: string;
  anchored?: boolean;
  anchorFile?: string;
  json?: boolean;
}

function render(r: VerifyReport): string {
  const head = `${r.receipts} receipts, head ${r.head.seq}:${r.head.hash}, signed through ${r.signed_head}`;
  return r.ok ? `ok  ${head}` : `FAIL ${head}\n${r.problems.map((p) => `  - ${p}`).join('\n')}`;
}

const storeOf = (ctx: CommandContext, file: string | undefined): string =>
  file ?? ctx.state().path('guard', 'receipts.db');
const anchorFileOf = (ctx: CommandContext, opts: ReceiptFlags): string =>
  opts.anchorFile ?? ctx.state().path('anchors', 'receipts.jsonl');

/** The key heads must be signed by: --key, else the public half of the node's own key file. */
function pinnedKey(ctx: CommandContext, opts: ReceiptFlags): string {
  if (opts.key !== undefined) {
    if (!/^[0-9a-f]{64}$/i.test(opts.key)) throw new UsageError('--key must be 64 hex characters');
    return opts.key.toLowerCase();
  }
  const file = opts.nodeKey ?? ctx.state().path('keys', 'node.key');
  return publicKeyHex(readNodeSeed(file, false));
}

export function registerReceipts(program: Command): void {
  const group = program
    .command('receipts')
    .description('read and check the guard decision receipts');
  group
    .command('list')
    .description('list receipts, oldest first (the newest --limit of them), previews masked')
    .argument('[file]', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--since <when>', 'only receipts since a duration ago (30m, 12h, 7d) or a date')
    .option('--verdict <verdict>', 'only this verdict: allow, block, modify or escalate')
    .option('--limit <n>', 'at most this many, the newest', '100')
    .option('--json', 'print one JSON object')
    .action(
      (
        file: string | undefined,
        opts: { since?: string; verdict?: string; limit: string; json?: boolean },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, opts);
        const limit = Number(opts.limit);
        if (!Number.isSafeInteger(limit) || limit <= 0)
          throw new UsageError('--limit must be a positive integer');
        const receipts = listReceipts(storeOf(ctx, file), {
          ...(opts.since !== undefined ? { sinceMs: sinceMs(opts.since, Date.now()) } : {}),
          ...(opts.verdict !== undefined ? { verdict: verdictOf(opts.verdict) } : {}),
          limit,
        });
        ctx.out.result({ receipts }, (r) =>
          r.receipts.length === 0 ? 'no receipts' : r.receipts.map(receiptLine).join('\n'),
        );
      },
    );
  group
    .command('show')
    .description('one receipt in full: chain position, hash, verdict, rule, hits, masked preview')
    .argument('<ref>', 'the receipt: its position in the chain (42) or its hash')
    .argument('[file]', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--json', 'print one JSON object')
    .action((ref: string, file: string | undefined, opts: { json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (!/^\d+$/.test(ref) && !/^[0-9a-f]{64}$/i.test(ref))
        throw new UsageError(`${ref}: not a receipt position or hash`, 'see mesh receipts list');
      const receipt = receiptAt(storeOf(ctx, file), ref);
      if (receipt === undefined)
        throw new NodeError('usage', `no receipt ${ref} in the store`, 'see mesh receipts list');
      ctx.out.result(receipt, receiptDetail);
    });
  group
    .command('verify')
    .description(
      "recompute the hash chain, check signed heads against the node's key, detect edits, deletions, reordering and truncation",
    )
    .argument('[file]', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--head <hash>', 'a head hash recorded earlier: it must still be in the chain')
    .option(
      '--key <hex>',
      "the node public key (hex) heads must be signed by (default: the node key's public half)",
    )
    .option(
      '--node-key <file>',
      'the node key file whose public half is pinned (default: <state>/keys/node.key)',
    )
    .option('--anchored', 'every head in the anchor file must still be in the chain')
    .option('--anchor-file <file>', 'anchor file (default: <state>/anchors/receipts.jsonl)')
    .option('--json', 'print one JSON object')
    .action((file: string | undefined, opts: ReceiptFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (opts.head !== undefined && !/^[0-9a-f]{64}$/i.test(opts.head))
        throw new UsageError('--head must be 64 hex characters');
      const key = pinnedKey(ctx, opts);
      const report = verifyReceipts(storeOf(ctx, file), {
        key,
        ...(opts.head ? { head: opts.head } : {}),
        ...(opts.anchored ? { anchors: readAnchors(anchorFileOf(ctx, opts)) } : {}),
      });
      ctx.out.result(report, render);
      if (!report.ok) process.exitCode = EXIT_FAILURE;
    });
  group
    .command('anchor')
    .description('append the latest signed head to the anchor file, outside the store')
    .argument('[file]', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--anchor-file <file>', 'anchor file (default: <state>/anchors/receipts.jsonl)')
    .option('--json', 'print one JSON object')
    .action((file: string | undefined, opts: ReceiptFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const to = anchorFileOf(ctx, opts);
      mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
      const a = anchorHead(storeOf(ctx, file), to);
      ctx.out.result({ ...a, file: to }, (r) => `anchored head ${r.seq}:${r.hash} in ${r.file}`);
    });
}
