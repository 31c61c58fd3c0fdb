// Long CPU loops that share an event loop with a server (docs/architecture.md "Rules every room
// follows": never a hang) give way to pending I/O: a request is answered between two steps.

/** Resolves after the I/O callbacks already due have run (setImmediate). */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A loop's slicer: `slice()` yields to I/O once `ms` passed since the last yield, else resolves at
 * once (a sync-fast path, so a short loop costs nothing).
 *
 * @example
 * const slice = ioSlicer(5);
 * for (const r of reports) { work(r); await slice(); }
 */
export function ioSlicer(ms: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await yieldToIo();
    since = performance.now();
  };
}
