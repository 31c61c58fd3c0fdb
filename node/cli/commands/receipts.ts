// `mesh receipts verify [FILE]` and `mesh receipts anchor [FILE]`: the receipt chain checked against
// the node's pinned key (never the key the store names), and its signed head anchored outside it.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import {
  listReceipts,
  receiptAt,
  verifyReceipts,
  type VerifyReport,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { publicKeyHex, readNodeSeed } from '../../guard/node-key.js';
import { receiptDetail, receiptLine, sinceMs, verdictOf } from '../../guard/receipt-query.js';
import { NodeError } from '../../errors.js';
import {
  anchorReceipts,
  receiptLogFor,
  verifyAnchored,
  type AnchorTarget,
} from '../../guard/receipt-anchoring.js';
import { receiptLogOrigin as receiptLogOriginOf, receiptLogVkey } from '../../guard/receipt-log.js';
import { contextFor, type CommandContext } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

interface ReceiptFlags {
  head?: string;
  key?: string;
  nodeKey?: string;
  anchored?: boolean;
  anchorFile?: string;
  witness?: string[];
  quorum?: string;
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

const targetOf = (
  ctx: CommandContext,
  file: string | undefined,
  o: ReceiptFlags,
): AnchorTarget => ({
  state: ctx.state(),
  store: storeOf(ctx, file),
  anchorFile: anchorFileOf(ctx, o),
  witnesses: o.witness ?? [],
  ...(o.quorum !== undefined ? { quorum: o.quorum } : {}),
});

function addWitnessFlags(c: Command): Command {
  return c
    .option(
      '--witness <url=vkey>',
      "a witness of the receipt log (repeatable; default: the config's receipts.log.witnesses)",
      collect,
    )
    .option('--quorum <n>', 'witness cosignatures required (default: every witness)');
}

const nodeKeyFile = (ctx: CommandContext, opts: ReceiptFlags): string =>
  opts.nodeKey ?? ctx.state().path('keys', 'node.key');

/** The key heads must be signed by: --key, else the public half of the node's own key file. */
function pinnedKey(ctx: CommandContext, opts: ReceiptFlags): string {
  if (opts.key !== undefined) {
    if (!/^[0-9a-f]{64}$/i.test(opts.key)) throw new UsageError('--key must be 64 hex characters');
    return opts.key.toLowerCase();
  }
  return publicKeyHex(readNodeSeed(nodeKeyFile(ctx, opts), false));
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
        const query = {
          ...(opts.since !== undefined ? { sinceMs: sinceMs(opts.since, Date.now()) } : {}),
          ...(opts.verdict !== undefined ? { verdict: verdictOf(opts.verdict) } : {}),
          limit,
        };
        const store = storeOf(ctx, file);
        // A node that has not guarded a call yet has no store: that is no receipts, not an error
        // (a FILE named on the command line must exist).
        const receipts = file === undefined && !existsSync(store) ? [] : listReceipts(store, query);
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
  const verify = group
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
    .option(
      '--anchored',
      "every head in the anchor file and in the node's receipt log (where it has witnesses) must still be in the chain",
    )
    .option('--anchor-file <file>', 'anchor file (default: <state>/anchors/receipts.jsonl)')
    .option('--json', 'print one JSON object');
  addWitnessFlags(verify).action(
    async (file: string | undefined, opts: ReceiptFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (opts.head !== undefined && !/^[0-9a-f]{64}$/i.test(opts.head))
        throw new UsageError('--head must be 64 hex characters');
      const key = pinnedKey(ctx, opts);
      const extra = opts.head ? { head: opts.head } : {};
      const report = opts.anchored
        ? await verifyAnchored(targetOf(ctx, file, opts), key, extra)
        : verifyReceipts(storeOf(ctx, file), { key, ...extra });
      ctx.out.result(report, render);
      if (!report.ok) process.exitCode = EXIT_FAILURE;
    },
  );
  const anchor = group
    .command('anchor')
    .description(
      "append the latest signed head to the anchor file and, where the node has witnesses, to the node's receipt log with their cosignatures",
    )
    .argument('[file]', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--anchor-file <file>', 'anchor file (default: <state>/anchors/receipts.jsonl)')
    .option('--node-key <file>', 'the node key that signs the log (default: <state>/keys/node.key)')
    .option('--json', 'print one JSON object');
  addWitnessFlags(anchor).action(
    async (file: string | undefined, opts: ReceiptFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const a = await anchorReceipts(targetOf(ctx, file, opts), () =>
        readNodeSeed(nodeKeyFile(ctx, opts), false),
      );
      ctx.out.result(a, (r) =>
        [
          `anchored head ${r.seq}:${r.hash} in ${r.file}`,
          ...(r.log
            ? [
                `logged at ${r.log.index} in ${r.log.origin} (size ${r.log.size}), cosigned by ${r.log.cosigners.join(', ')}`,
              ]
            : []),
        ].join('\n'),
      );
    },
  );
  group
    .command('log-key')
    .description(
      "the receipt log's origin and verifier key, for the witnesses' witness.logs config",
    )
    .option('--node-key <file>', 'the node key (default: <state>/keys/node.key)')
    .option('--json', 'print one JSON object')
    .action((opts: ReceiptFlags, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const seed = readNodeSeed(nodeKeyFile(ctx, opts), false);
      const pub = publicKeyHex(seed);
      const origin =
        receiptLogFor(targetOf(ctx, undefined, opts), pub)?.origin ?? receiptLogOriginOf(pub);
      ctx.out.result(
        { origin, vkey: receiptLogVkey(seed, origin) },
        (r) => `${r.origin}\n${r.vkey}`,
      );
    });
}
