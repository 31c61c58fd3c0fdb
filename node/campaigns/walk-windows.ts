// docs/campaigns.md "Campaigns": the collector walks each window's Poplar1 collection of
// fingerprints (one per organisation per window) and records the heavy hitters as campaigns.
import { heavyHitters, type CollectorTaskFile } from '../../dap/index.js';
import { addWindow, readLedger, writeLedger, type Ledger } from './campaign-ledger.js';

export interface WalkOptions {
  /** Organisations a fingerprint needs in one window to be a campaign. */
  threshold: number;
  timeoutMs?: number;
  onWindow?: (start: number) => void;
}

/**
 * Walks each window (unix seconds, aligned to the task's time_precision) not walked before and
 * saves the ledger after each one, so an interrupted run resumes where it stopped.
 *
 * @throws {DapProblem} from the collections (invalidBatchSize: too few organisations reported)
 * @example
 * const ledger = await walkWindows(file, [{ start: 1_700_000_000, duration: 3600 }], path, {
 *   threshold: 3,
 * });
 */
export async function walkWindows(
  file: CollectorTaskFile,
  windows: readonly { start: number; duration: number }[],
  ledgerPath: string,
  opts: WalkOptions,
): Promise<Ledger> {
  const tp = file.task.time_precision;
  let ledger = readLedger(ledgerPath, opts.threshold);
  for (const w of windows) {
    if (ledger.walked[String(w.start)] !== undefined) continue;
    opts.onWindow?.(w.start);
    const r = await heavyHitters(
      file,
      { start: w.start / tp, duration: w.duration / tp },
      { threshold: opts.threshold, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) },
    );
    ledger = addWindow(ledger, w.start, w.duration, r.hitters);
    writeLedger(ledgerPath, ledger);
  }
  return ledger;
}
