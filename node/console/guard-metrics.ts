// Guard metrics on the console role's /metrics (docs/console.md "Metrics"): review queue depth by
// status and the last day's decisions by door, verdict and rule family, read from the review queue
// and the receipts at scrape time. Every label set is closed: no tool, path, session or rule id.
import { Gauge, type Registry } from 'prom-client';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readReceipts, ReviewQueue } from '../../guard/index.js';

const STATUSES = ['pending', 'asked', 'approved', 'rejected', 'expired'] as const;
const DOORS = new Set(['claude-code', 'codex', 'cursor', 'mcp-agent', 'library']);
const VERDICTS = new Set(['allow', 'modify', 'escalate', 'block']);

/** A rule id's family, from a closed set: built-in families by prefix, any other pack rule "pack". */
export function ruleFamily(rule: string | null): string {
  if (rule === null || rule === '') return 'none';
  const prefix = rule.split('.')[0] ?? '';
  return ['ca', 'flow', 'mcp', 'guard'].includes(prefix) ? prefix : 'pack';
}

export function registerGuardMetrics(registry: Registry, guardDir: string): void {
  new Gauge({
    name: 'mesh_guard_review_queue_depth',
    help: 'Reviews in the queue by status',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const q = ReviewQueue.open(guardDir);
      try {
        const all = q.list();
        for (const s of STATUSES) this.set({ status: s }, all.filter((r) => r.status === s).length);
      } finally {
        q.close();
      }
    },
  });
  new Gauge({
    name: 'mesh_guard_decisions_last_day',
    help: 'Guard decisions of the last 24 hours by door, verdict and rule family (from receipts)',
    labelNames: ['door', 'verdict', 'family'],
    registers: [registry],
    collect() {
      this.reset();
      const path = join(guardDir, 'receipts.db');
      if (!existsSync(path)) return;
      const now = Date.now();
      for (const r of readReceipts(path, now - 86_400_000, now + 1)) {
        const door = r.principal !== null && DOORS.has(r.principal) ? r.principal : 'other';
        const verdict = VERDICTS.has(r.verdict) ? r.verdict : 'other';
        this.inc({ door, verdict, family: ruleFamily(r.rule) });
      }
    },
  });
}
