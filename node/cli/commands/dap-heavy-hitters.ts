// `mesh dap heavy-hitters`: the Poplar1 heavy-hitters walk (draft-irtf-cfrg-vdaf-20 §8.1) over
// DAP-18 collections with an aggregation parameter, one per level of a batch interval.
import type { Command } from 'commander';
import { heavyHitters, readTaskFile } from '../../../dap/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { intervalFlag } from './dap-interval.js';

interface Flags {
  task: string;
  interval: string;
  threshold: string;
  timeout: string;
  json?: boolean;
}

async function run(flags: Flags, cmd: Command): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const file = readTaskFile(flags.task, 'collector');
  const tp = file.task.time_precision;
  const threshold = Number(flags.threshold);
  if (!Number.isSafeInteger(threshold) || threshold < 1)
    throw new UsageError(`--threshold must be a positive integer, got ${flags.threshold}`);
  const timeout = Number(flags.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout must be a positive number of seconds, got ${flags.timeout}`);
  const r = await heavyHitters(file, intervalFlag(flags.interval, tp), {
    threshold,
    timeoutMs: timeout * 1000,
    onLevel: (level, n) => {
      ctx.out.progress(`level ${level}: ${n} candidate prefix(es)`);
    },
  });
  ctx.out.result(
    {
      heavy_hitters: r.hitters,
      report_count: r.reportCount,
      threshold,
      levels: r.levels.map((l) => ({
        level: l.level,
        candidates: l.candidates.length,
        survivors: l.survivors.length,
      })),
    },
    (v) =>
      v.heavy_hitters.length === 0
        ? `no string is held by ${threshold} or more of ${v.report_count} reports`
        : v.heavy_hitters.map((h) => `${h.bits}  ${h.count}`).join('\n'),
  );
}

/** Registers `mesh dap heavy-hitters` under `mesh dap`. */
export function registerDapHeavyHitters(dap: Command): void {
  dap
    .command('heavy-hitters')
    .description(
      'Poplar1 tasks: walk a batch level by level and print the strings at least --threshold reports hold',
    )
    .requiredOption('--task <file>', 'collector.json of a Poplar1 task')
    .requiredOption('--interval <start,duration>', 'seconds, aligned to time_precision')
    .requiredOption('--threshold <n>', 'smallest count reported (and extended at each level)')
    .option('--timeout <seconds>', 'give up on a level after this long', '120')
    .option('--json', 'print {"heavy_hitters": [{"bits", "count"}], "report_count", "levels"}')
    .action(run);
}
