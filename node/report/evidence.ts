// Where a window's evidence comes from (docs/consensus.md "The report vector"): the guard's receipts
// (every rule that fired, shadow hits included) and the review queue, whose three signals stay apart:
// explicit false-positive marks, approvals of calls a rule escalated, rejections of them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readReceipts, ReviewQueue } from '../../guard/index.js';
import type { ReportSignals } from '../consensus/index.js';

export interface Window {
  start: number;
  duration: number;
}

export interface Evidence {
  signals: Omit<ReportSignals, 'tier'>;
  receipts: number;
}

/** The window's signals per rule, each rule counted once per signal (one report per window). */
export function gatherEvidence(guardDir: string, window: Window): Evidence {
  const fromMs = window.start * 1000;
  const toMs = (window.start + window.duration) * 1000;
  const inWindow = (ms: number) => ms >= fromMs && ms < toMs;
  const hits = new Set<string>();
  const receiptsFile = join(guardDir, 'receipts.db');
  const receipts = existsSync(receiptsFile) ? readReceipts(receiptsFile, fromMs, toMs) : [];
  for (const r of receipts) for (const h of r.hits) if (inWindow(r.ts)) hits.add(h.rule);
  const falsePositiveMarks = new Set<string>();
  const approvals = new Set<string>();
  const rejections = new Set<string>();
  if (existsSync(guardDir)) {
    const queue = ReviewQueue.open(guardDir);
    try {
      for (const fp of queue.falsePositives(fromMs))
        if (inWindow(fp.at)) falsePositiveMarks.add(fp.rule);
      for (const [status, into] of [
        ['approved', approvals],
        ['rejected', rejections],
      ] as const) {
        for (const r of queue.list(status)) {
          // Every review is a call a rule escalated; its decision time places it in a window.
          if (r.rule !== '' && inWindow(r.decided ?? r.created)) into.add(r.rule);
        }
      }
    } finally {
      queue.close();
    }
  }
  return {
    signals: { hits, falsePositiveMarks, approvals, rejections },
    receipts: receipts.length,
  };
}
