// `mesh demo [--nodes N] [--json]`: the whole mesh on loopback with temporary state (the README's main command);
// one organisation per node, each counted once per window.
import type { Command } from 'commander';
import { renderDemo, runDemo } from '../../demo/run-demo.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      'run the whole mesh on 127.0.0.1: publish, enrol organisations, subscribe, guard, report (one per organisation per window), aggregate, decide',
    )
    .option(
      '--nodes <n>',
      'how many nodes (each its own mesh processes and its own organisation)',
      '20',
    )
    .option('--concurrency <n>', 'nodes run at once', '4')
    .option('--keep', 'keep the temporary state directory')
    .option('--json', 'print one JSON object')
    .action(
      async (
        flags: { nodes: string; concurrency: string; keep?: boolean; json?: boolean },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, flags);
        const nodes = Number(flags.nodes);
        const concurrency = Number(flags.concurrency);
        if (!Number.isSafeInteger(nodes) || nodes < 2 || nodes > 200)
          throw new UsageError('--nodes must be an integer in 2..200');
        if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 32)
          throw new UsageError('--concurrency must be in 1..32');
        const result = await runDemo({
          nodes,
          concurrency,
          keep: flags.keep === true,
          progress: (m) => {
            ctx.out.progress(m);
          },
        });
        ctx.out.result(result, renderDemo);
        if (!result.ok) process.exitCode = EXIT_FAILURE;
      },
    );
}
