// A window's evidence from a real review queue: explicit false-positive marks, approvals and
// rejections of escalations stay separate signals (an approval is never a false positive).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../guard/index.js';
import { encodeReport, layoutOf } from '../../node/consensus/index.js';
import { gatherEvidence } from '../../node/report/evidence.js';

describe('report evidence', () => {
  it('counts marks, approvals and rejections apart, each once per window', () => {
    const guard = mkdtempSync(join(tmpdir(), 'mesh-evidence-'));
    const q = ReviewQueue.open(guard);
    const ask = (rule: string) =>
      q.request({
        tool: 'Bash',
        argsDigest: 'ab'.repeat(32),
        session: 's',
        rule,
        reason: 'escalated',
        attributedTo: null,
        frontDoor: 'library',
        timeoutMs: 60_000,
      });
    q.decide(ask('ca.asks').id, 'approved', 'op');
    q.decide(ask('ca.asks').id, 'approved', 'op');
    q.decide(ask('ca.guarded').id, 'rejected', 'op');
    ask('ca.pending');
    q.markFalsePositive('ca.noisy', 'event-1');
    q.close();
    const now = Math.floor(Date.now() / 1000);
    const e = gatherEvidence(guard, { start: now - 600, duration: 1200 });
    expect([...e.signals.approvals]).toEqual(['ca.asks']);
    expect([...e.signals.rejections]).toEqual(['ca.guarded']);
    expect([...e.signals.falsePositiveMarks]).toEqual(['ca.noisy']);
    const catalog = ['ca.asks', 'ca.guarded', 'ca.noisy', 'ca.pending'];
    const v = encodeReport(layoutOf(catalog, 17), { ...e.signals, tier: 0 });
    // false_positive block: only ca.noisy; approved block: ca.asks; rejected block: ca.guarded.
    expect(v.slice(4, 8)).toEqual([0, 0, 1, 0]);
    expect(v.slice(8, 12)).toEqual([1, 0, 0, 0]);
    expect(v.slice(12, 16)).toEqual([0, 1, 0, 0]);
    const later = gatherEvidence(guard, { start: now + 3600, duration: 600 });
    expect(later.signals.approvals.size + later.signals.falsePositiveMarks.size).toBe(0);
  });
});
