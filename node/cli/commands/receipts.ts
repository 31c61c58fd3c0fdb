// `mesh receipts verify FILE [--head HASH]`: the receipt chain, its signed heads, and a recorded head.
import type { Command } from 'commander';
import { verifyReceipts, type VerifyReport } from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';

function render(r: VerifyReport): string {
  const head = `${r.receipts} receipts, head ${r.head.seq}:${r.head.hash}, signed through ${r.signed_head}`;
  return r.ok ? `ok  ${head}` : `FAIL ${head}\n${r.problems.map((p) => `  - ${p}`).join('\n')}`;
}

export function registerReceipts(program: Command): void {
  const group = program.command('receipts').description('check the guard decision receipts');
  group
    .command('verify')
    .description(
      'recompute the hash chain, check signed heads, detect edits, deletions, reordering and truncation',
    )
    .argument('<file>', 'receipt store (e.g. ~/.mesh/guard/receipts.db)')
    .option('--head <hash>', 'a head hash recorded earlier: it must still be in the chain')
    .option(
      '--key <hex>',
      'the node public key (hex) heads must be signed by (default: the key the store names)',
    )
    .option('--json', 'print one JSON object')
    .action((file: string, opts: { head?: string; key?: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (opts.head !== undefined && !/^[0-9a-f]{64}$/i.test(opts.head))
        throw new UsageError('--head must be 64 hex characters');
      if (opts.key !== undefined && !/^[0-9a-f]{64}$/i.test(opts.key))
        throw new UsageError('--key must be 64 hex characters');
      const report = verifyReceipts(file, {
        ...(opts.head ? { head: opts.head } : {}),
        ...(opts.key ? { key: opts.key } : {}),
      });
      ctx.out.result(report, render);
      if (!report.ok) process.exitCode = EXIT_FAILURE;
    });
}
