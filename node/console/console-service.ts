// The console's reads and its one write: pending reviews with the masked preview of the call they
// are bound to (from the signed receipts), decisions recorded in the review queue under its
// integrity rules with the approver's name, and the receipt chain verified on every view.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  readReceipts,
  ReviewQueue,
  verifyReceipts,
  type ReceiptBody,
  type VerifyReport,
} from '../../guard/index.js';

export interface PendingReview {
  id: string;
  tool: string;
  rule: string;
  reason: string;
  attributedTo: string | null;
  frontDoor: string;
  session: string;
  argsDigest: string;
  expires: number;
  /** The masked preview of the escalated call from its receipt; never the raw arguments. */
  preview: string | null;
}

export interface ReceiptsView {
  report: VerifyReport | null;
  latest: ReceiptBody[];
}

export class ConsoleService {
  constructor(private readonly guardDir: string) {}

  private receiptsPath(): string {
    return join(this.guardDir, 'receipts.db');
  }

  private withQueue<T>(f: (q: ReviewQueue) => T): T {
    const q = ReviewQueue.open(this.guardDir);
    try {
      return f(q);
    } finally {
      q.close();
    }
  }

  /**
   * Reviews waiting for a person, oldest first.
   * @example new ConsoleService(dir).pending() // [{ id: '9f…', tool: 'mcp__ops__deploy', ... }]
   */
  pending(now = Date.now()): PendingReview[] {
    const reviews = this.withQueue((q) => q.list('pending'));
    const receipts = existsSync(this.receiptsPath())
      ? readReceipts(this.receiptsPath(), now - 86_400_000, now + 1)
      : [];
    return reviews
      .filter((r) => r.tampered !== true)
      .map((r) => {
        const receipt = receipts
          .filter(
            (x) =>
              x.verdict === 'escalate' &&
              x.tool === r.tool &&
              x.session === r.session &&
              (x.rule ?? '') === r.rule,
          )
          .at(-1);
        return {
          id: r.id,
          tool: r.tool,
          rule: r.rule,
          reason: r.reason,
          attributedTo: r.attributedTo,
          frontDoor: r.frontDoor,
          session: r.session,
          argsDigest: r.argsDigest,
          expires: r.expires,
          preview: receipt?.preview ?? null,
        };
      });
  }

  /**
   * Approves or rejects a review as `approver`.
   * @throws GuardError review_not_found, review_already_decided, review_tampered, review_self_approval
   */
  decide(id: string, outcome: 'approved' | 'rejected', approver: string): void {
    this.withQueue((q) => q.decide(id, outcome, approver, 'decided in the console'));
  }

  receipts(limit = 50): ReceiptsView {
    const path = this.receiptsPath();
    if (!existsSync(path)) return { report: null, latest: [] };
    return {
      report: verifyReceipts(path),
      latest: readReceipts(path, 0, Date.now() + 1)
        .slice(-limit)
        .reverse(),
    };
  }
}
