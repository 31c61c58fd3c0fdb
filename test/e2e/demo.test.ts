// The README's main command end to end: every party a real process on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';

interface DemoJson {
  ok: boolean;
  nodes: number;
  reportCount: number;
  note: string;
  outcomes: {
    node: number;
    attacks: number;
    verdicts: Record<string, number>;
    falsePositivesMarked: number;
  }[];
  rules: {
    rule: string;
    reportsWithHits: number;
    falsePositiveSightings: number;
    proposal: string;
  }[];
}

describe('mesh demo', () => {
  it('publishes, subscribes, guards, reports and aggregates: the aggregate equals what the nodes sent', async () => {
    const r = await runMesh(['demo', '--nodes', '4', '--json'], { timeoutMs: 300_000 });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout) as DemoJson;
    expect(d).toMatchObject({ ok: true, nodes: 4, reportCount: 4 });
    expect(d.note).toContain('organisation-windows');
    // Nodes with attacks in their traffic got non-allow decisions, and some rule saw hits.
    for (const o of d.outcomes)
      if (o.attacks > 0) expect(o.verdicts.escalate ?? 0).toBeGreaterThan(0);
    expect(d.rules.some((x) => x.reportsWithHits > 0)).toBe(true);
    const marked = d.outcomes.reduce((s, o) => s + o.falsePositivesMarked, 0);
    expect(d.rules.reduce((s, x) => s + x.falsePositiveSightings, 0)).toBe(marked);
    // The canary ring may at most escalate: no community rule blocked anything.
    expect(d.outcomes.every((o) => (o.verdicts.block ?? 0) === 0)).toBe(true);
  }, 320_000);
});
