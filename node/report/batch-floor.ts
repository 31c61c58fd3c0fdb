// governance/consent.ts "minBatchSizeFloor": a node reports only to a task whose batches are large
// enough that no report can be singled out; `mesh dap task new` enforces the same floor.
import type { ClientTaskFile } from '../../dap/index.js';
import { CONSENT_DEFAULTS } from '../../governance/index.js';
import { NodeError } from '../errors.js';

/** The smallest min_batch_size governance allows. */
export const batchSizeFloor = (): number => CONSENT_DEFAULTS.minBatchSizeFloor;

/**
 * Refuses creating a task under the floor (`mesh dap task new`) unless `--below-consent-floor`.
 *
 * @throws {NodeError} `batch_size_below_floor`, naming the floor
 * @example
 * refuseNewTaskBelowFloor(5, false); // throws: floor 10
 */
export function refuseNewTaskBelowFloor(minBatchSize: number, optedOut: boolean): void {
  const floor = batchSizeFloor();
  if (optedOut || minBatchSize >= floor) return;
  throw new NodeError(
    'batch_size_below_floor',
    `--min-batch-size ${minBatchSize} is below the consent floor ${floor}: batches that small could single out a node`,
    `give --min-batch-size ${floor} or more (for a demo or test only: --below-consent-floor)`,
  );
}

/**
 * Refuses a task whose min_batch_size is under the floor, unless the operator opted out
 * (`mesh report init --below-consent-floor`, which `mesh doctor` reports as a warning).
 *
 * @throws {NodeError} `batch_size_below_floor`, naming the floor
 * @example
 * refuseBelowBatchFloor(task, config.reporting.belowConsentFloor === true);
 */
export function refuseBelowBatchFloor(task: ClientTaskFile, optedOut: boolean): void {
  const floor = batchSizeFloor();
  if (optedOut || task.task.min_batch_size >= floor) return;
  throw new NodeError(
    'batch_size_below_floor',
    `the DAP task's min_batch_size ${task.task.min_batch_size} is below the consent floor ${floor}: its batches could single out a node`,
    `ask the maintainers for a task with --min-batch-size ${floor} or more; for a demo or test only, run mesh report init --below-consent-floor`,
  );
}
