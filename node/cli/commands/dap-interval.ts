// `--interval START,DURATION` of `mesh dap collect` and `mesh dap heavy-hitters` (DAP-18 §5.1).
import { UsageError } from '../../errors.js';

/** --interval START,DURATION in seconds, aligned to time_precision, in its units. */
export function intervalFlag(v: string, tp: number): { start: number; duration: number } {
  const m = /^(\d+),(\d+)$/.exec(v);
  if (!m) throw new UsageError('--interval must be START,DURATION in seconds');
  const [start, duration] = [Number(m[1]), Number(m[2])];
  if (start % tp !== 0 || duration % tp !== 0 || duration === 0)
    throw new UsageError(
      `--interval ${v} is not aligned to the task's time_precision (${tp} s)`,
      `use a START and a non-zero DURATION that are multiples of ${tp}, e.g. ${Math.floor(start / tp) * tp},${Math.max(1, Math.ceil(duration / tp)) * tp}`,
    );
  return { start: start / tp, duration: duration / tp };
}
