// draft-irtf-cfrg-vdaf-20 §8.1 the heavy-hitters walk over DAP-18 §4.6 collections: one collection
// per level of the IDPF tree, each with the aggregation parameter (level, candidate prefixes); a
// prefix counted by at least `threshold` reports is extended by one bit at the next level, the
// others are never asked about again. At the last level the survivors are the heavy hitters.
import { Poplar1 } from '../../vdaf/index.js';
import { collect, type CollectOptions } from '../collector/collector.js';
import { TaskError } from '../errors.js';
import type { Interval } from '../messages/index.js';
import type { CollectorTaskFile } from '../task/task-file.js';
import { vdafConfigOf } from '../task/task-params.js';

export interface HeavyHitter {
  /** The string, first bit first, as characters 0 and 1. */
  bits: string;
  count: number;
}

export interface WalkLevel {
  level: number;
  /** Prefixes asked about at this level. */
  candidates: string[];
  /** Those counted by at least `threshold` reports. */
  survivors: HeavyHitter[];
}

export interface HeavyHittersResult {
  hitters: HeavyHitter[];
  levels: WalkLevel[];
  /** Reports in the batch at the first level. */
  reportCount: number;
}

export interface HeavyHittersOptions extends Omit<CollectOptions, 'aggParam'> {
  /** Smallest count a prefix needs to be extended (and a string to be reported). */
  threshold: number;
  /** Called before each level's collection (progress). */
  onLevel?: (level: number, candidates: number) => void;
}

const asBits = (p: bigint, level: number): string => p.toString(2).padStart(level + 1, '0');

/**
 * Walks a Poplar1 task's batch `interval` level by level and returns the strings at least
 * `threshold` reports hold, with their counts.
 *
 * @throws {TaskError} task_invalid (not a Poplar1 task, or a threshold below 1)
 * @throws {DapProblem} protocol_failed with the Leader's problem type (invalidAggregationParameter
 * when the batch was already walked, invalidBatchSize, ...)
 * @example
 * const file = readTaskFile('tasks/collector.json', 'collector');
 * const { hitters } = await heavyHitters(file, { start, duration }, { threshold: 10 });
 */
export async function heavyHitters(
  file: CollectorTaskFile,
  interval: Interval,
  opts: HeavyHittersOptions,
): Promise<HeavyHittersResult> {
  const c = vdafConfigOf(file.task.vdaf);
  if (c.vdaf !== 'Poplar1')
    throw new TaskError('task_invalid', 'heavy hitters need a Poplar1 task', {
      hint: 'create one with `mesh dap task new --vdaf Poplar1 --bits N`',
    });
  if (!Number.isSafeInteger(opts.threshold) || opts.threshold < 1)
    throw new TaskError('task_invalid', 'threshold must be a positive integer');
  const vdaf = new Poplar1({ bits: c.bits });
  const levels: WalkLevel[] = [];
  let prefixes: bigint[] = [0n, 1n];
  let reportCount = 0;
  for (let level = 0; level < c.bits && prefixes.length > 0; level++) {
    opts.onLevel?.(level, prefixes.length);
    const aggParam = vdaf.encodeAggParam({ level, prefixes });
    const got = await collect(file, { interval }, { ...opts, aggParam });
    if (level === 0) reportCount = got.reportCount;
    const counts = got.aggregate as number[];
    const survivors = prefixes.flatMap((p, i) =>
      (counts[i] ?? 0) >= opts.threshold ? [{ p, count: counts[i] ?? 0 }] : [],
    );
    levels.push({
      level,
      candidates: prefixes.map((p) => asBits(p, level)),
      survivors: survivors.map((s) => ({ bits: asBits(s.p, level), count: s.count })),
    });
    prefixes = survivors.flatMap((s) => [s.p << 1n, (s.p << 1n) | 1n]);
  }
  const last = levels[levels.length - 1];
  const hitters = last && last.level === c.bits - 1 ? last.survivors : [];
  return { hitters, levels, reportCount };
}
