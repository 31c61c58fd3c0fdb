// `--stress-runs` and `--stress-gate-ms`, shared by `mesh harness` and `mesh forge` (the same gate).
import { UsageError } from '../errors.js';

/**
 * The stress gate's repetitions and CPU ceiling per decision, from their flag strings.
 * @throws {UsageError} when either is out of range
 * @example stressFlags({ stressRuns: '20', stressGateMs: '500' }) // { runs: 20, gateMs: 500 }
 */
export function stressFlags(f: { stressRuns: string; stressGateMs: string }): {
  runs: number;
  gateMs: number;
} {
  const runs = Number(f.stressRuns);
  const gateMs = Number(f.stressGateMs);
  if (!Number.isSafeInteger(runs) || runs < 1 || runs > 10_000)
    throw new UsageError('--stress-runs must be 1..10000');
  if (!Number.isFinite(gateMs) || gateMs <= 0)
    throw new UsageError('--stress-gate-ms must be a positive number');
  return { runs, gateMs };
}
