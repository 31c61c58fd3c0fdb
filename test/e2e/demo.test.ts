// The README's main command end to end: every party a real process on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { renderDemo, type DemoResult } from '../../node/demo/run-demo.js';
import { runMesh } from '../support/run-mesh.js';

interface DemoJson {
  ok: boolean;
  nodes: number;
  organisations: number;
  attempts: number;
  refused: number;
  reportCount: number;
  note: string;
  outcomes: {
    node: number;
    org: string;
    attempts: number;
    accepted: number;
    refused: { error: string; detail: string }[];
    attacks: number;
    verdicts: Record<string, number>;
    falsePositivesMarked: number;
  }[];
  perOrganisation: { org: string; nodes: number; attempts: number; accepted: number }[];
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
    expect(d).toMatchObject({ ok: true, nodes: 4, organisations: 4, reportCount: 4 });
    expect(d.note).toContain('organisation-windows');
    // Node 0 tried six reports in its window with its organisation's key: the issuer gave one token,
    // refused the other five, and the aggregate counts the organisation once.
    const eager = d.outcomes.find((o) => o.node === 0);
    expect(eager).toMatchObject({ attempts: 6, accepted: 1 });
    expect(eager?.refused.map((x) => x.error)).toEqual(Array(5).fill('token_refused'));
    // ...by the issuer's one-token-per-window rule (429 token_issued), not by some other failure.
    for (const x of eager?.refused ?? []) expect(x.detail).toMatch(/\(429\).*token_issued/);
    expect(d).toMatchObject({ attempts: 4 + 5, refused: 5 });
    expect(new Set(d.outcomes.map((o) => o.org)).size).toBe(4);
    expect(d.perOrganisation).toHaveLength(4);
    for (const o of d.perOrganisation) expect(o).toMatchObject({ nodes: 1, accepted: 1 });
    expect(d.perOrganisation.find((o) => o.org === eager?.org)).toMatchObject({ attempts: 6 });
    expect(d.reportCount).toBe(d.perOrganisation.length);
    // The table a person reads says the same: the eager organisation tried 6, 1 accepted, 5 refused.
    const table = renderDemo(JSON.parse(r.stdout) as DemoResult);
    expect(table).toContain('4 nodes in 4 organisations tried 9 reports; 5 were refused a token');
    expect(table).toMatch(new RegExp(`^${eager?.org ?? '?'} +1 +6 +1 +5$`, 'm'));
    expect(table).toContain('demo ok: every organisation counted once');
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
