// Where a window's evidence comes from: the guard's receipts (every rule that fired, shadow hits
// included) and the review queue (false-positive marks, and approvals of calls a rule escalated).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readReceipts, ReviewQueue } from '../../guard/index.js';
import type { FalsePositiveSighting, RuleHitRecord, Window } from './vector.js';

export interface Evidence {
  hits: RuleHitRecord[];
  sightings: FalsePositiveSighting[];
  receipts: number;
}

export function gatherEvidence(guardDir: string, window: Window): Evidence {
  const fromMs = window.start * 1000;
  const toMs = (window.start + window.duration) * 1000;
  const hits: RuleHitRecord[] = [];
  const receiptsFile = join(guardDir, 'receipts.db');
  const receipts = existsSync(receiptsFile) ? readReceipts(receiptsFile, fromMs, toMs) : [];
  for (const r of receipts) {
    for (const h of r.hits) hits.push({ rule: h.rule, time: Math.floor(r.ts / 1000) });
  }
  const sightings: FalsePositiveSighting[] = [];
  if (existsSync(guardDir)) {
    const queue = ReviewQueue.open(guardDir);
    try {
      for (const fp of queue.falsePositives(fromMs)) {
        if (fp.at < toMs) sightings.push({ rule: fp.rule, time: Math.floor(fp.at / 1000) });
      }
      for (const r of queue.list('approved')) {
        const at = r.decided ?? r.created;
        if (r.rule !== '' && at >= fromMs && at < toMs)
          sightings.push({ rule: r.rule, time: Math.floor(at / 1000) });
      }
    } finally {
      queue.close();
    }
  }
  return { hits, sightings, receipts: receipts.length };
}
