// `mesh serve` DAP roles: V8 old-generation growth for the Aggregators (docs/dap.md, Performance).
import { setFlagsFromString } from 'node:v8';

/**
 * An Aggregator keeps each job's reports and VDAF states across a peer round trip, so a few MB per
 * scavenge survive into the old generation; with V8's own growing factor on a ~20 MB live heap the
 * Leader then ran a mark-compact about every 130 ms under load (bench:dap). Growing the old
 * generation by 4x its live size after each one leaves a few instead, for tens of MB more heap.
 * Unlike the young generation's size this flag is read at every limit computation, so it applies
 * when set after start-up; it is process-wide, so a process serving other roles beside a DAP one
 * gets it too.
 */
export const DAP_HEAP_GROWING_PERCENT = 300;

/** Idempotent, so both roles in one process may call it. */
export function tuneHeapForDap(): void {
  setFlagsFromString(`--heap-growing-percent=${DAP_HEAP_GROWING_PERCENT}`);
}
