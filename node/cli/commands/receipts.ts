// `mesh receipts verify [FILE]` and `mesh receipts anchor [FILE]`: the receipt chain checked against
// the node's pinned key (never the key the store names), and its signed head anchored outside it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  anchorHead,
  readAnchors,
  verifyReceipts,
  type VerifyReport,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { publicKeyHex, readNodeSeed } from '../../guard/node-key.js';
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
  const group = program.command('receipts').description('check the guard decision receipts');
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
