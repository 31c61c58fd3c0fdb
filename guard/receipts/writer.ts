// Group commit: receipts appended in the same turn of the event loop share one transaction and one signature.
import type { Evaluation } from '../decision.js';
import type { ReceiptSink } from '../guard.js';
import { receiptBody, type ReceiptBody } from './record.js';
import type { ChainHead, ReceiptStore } from './store.js';

interface Pending {
  body: ReceiptBody;
  done: (head: ChainHead) => void;
  fail: (e: unknown) => void;
}

export class ReceiptWriter implements ReceiptSink {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly store: ReceiptStore,
    private readonly opts: {
      maxBatch?: number;
      now?: () => number;
      /** The event's fields that carry taint (TaintMemo.eventTaint): masked whole in previews. */
      tainted?: (event: unknown) => ReadonlySet<string>;
    } = {},
  ) {}

  /** Resolves once the receipt is durably committed. */
  append(evaluation: Evaluation, event: unknown): Promise<ChainHead> {
    const ts = (this.opts.now ?? Date.now)();
    return this.appendBody(receiptBody(evaluation, event, ts, this.opts.tainted?.(event)));
  }

  appendBody(body: ReceiptBody): Promise<ChainHead> {
    return new Promise((done, fail) => {
      this.queue.push({ body, done, fail });
      if (this.queue.length >= (this.opts.maxBatch ?? 1024)) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  /** Commits everything queued now. */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      const head = this.store.appendBatch(batch.map((p) => p.body));
      for (const p of batch) p.done(head);
    } catch (e) {
      for (const p of batch) p.fail(e);
    }
  }
}
