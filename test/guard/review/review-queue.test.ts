// Escalation: a call waits for an approval bound to exactly itself, or is refused in time.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindingOf } from '../../../guard/review/call-binding.js';
import { resolveEscalation } from '../../../guard/review/escalate.js';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import type { Decision } from '../../../guard/decision.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mesh-reviews-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const call = { tool: 'Deploy', args: { target: 'prod', v: 3 }, session: 's1' };
const escalated: Decision = {
  verdict: 'escalate',
  rule: 'r.deploy',
  reason: 'deploys need a human',
  attributed_to: 'args.target',
  shadow: false,
};

describe('review queue', () => {
  it('binds an approval to the exact call; argument order does not matter, content does', () => {
    const a = bindingOf({ ...call, rule: 'r' });
    expect(
      bindingOf({ tool: 'Deploy', args: { v: 3, target: 'prod' }, session: 's1', rule: 'r' }),
    ).toEqual(a);
    expect(bindingOf({ ...call, args: { target: 'prod', v: 4 }, rule: 'r' }).argsDigest).not.toBe(
      a.argsDigest,
    );
  });

  it('lets the call through once another process approves it', async () => {
    const waiter = ReviewQueue.open(dir);
    const approver = ReviewQueue.open(dir);
    const pending = resolveEscalation(escalated, call, {
      reviews: waiter,
      frontDoor: 'mcp',
      timeoutMs: 30_000,
      pollMs: 20,
      onReview: (id) => {
        setTimeout(() => approver.decide(id, 'approved', 'alice'), 50);
      },
    });
    const d = await pending;
    expect(d.verdict).toBe('allow');
    expect(d.reason).toMatch(/approved in review/);
    expect(waiter.list('approved')[0]?.approver).toBe('alice');
    waiter.close();
    approver.close();
    expect(statSync(join(dir, 'reviews.db')).mode & 0o777).toBe(0o600);
  });

  it('refuses a rejected call and one nobody answers in time', async () => {
    const q = ReviewQueue.open(dir);
    const rejected = await resolveEscalation(escalated, call, {
      reviews: q,
      frontDoor: 'library',
      timeoutMs: 30_000,
      pollMs: 20,
      onReview: (id) => {
        q.decide(id, 'rejected', 'bob');
      },
    });
    expect(rejected.verdict).toBe('block');
    expect(rejected.reason).toMatch(/rejected/);
    const expired = await resolveEscalation(escalated, call, {
      reviews: q,
      frontDoor: 'library',
      timeoutMs: 150,
      pollMs: 20,
    });
    expect(expired.verdict).toBe('block');
    expect(expired.reason).toMatch(/no approval within/);
    const late = q.list('expired')[0];
    expect(late).toBeDefined();
    expect(() => q.decide(late!.id, 'approved', 'carol')).toThrow(
      expect.objectContaining({ code: 'review_already_decided' }),
    );
    expect(() => q.decide('nope', 'approved', 'carol')).toThrow(
      expect.objectContaining({ code: 'review_not_found' }),
    );
    q.close();
  });

  it('does not count an approval of a review bound to another call', async () => {
    const q = ReviewQueue.open(dir);
    const r = q.request({
      ...bindingOf({ ...call, rule: 'r.deploy' }),
      reason: 'x',
      attributedTo: null,
      frontDoor: 'mcp',
      timeoutMs: 10_000,
    });
    q.decide(r.id, 'approved', 'alice');
    const other = bindingOf({ ...call, args: { target: 'staging' }, rule: 'r.deploy' });
    expect(await q.wait(r.id, other, 10)).toBe('rejected');
    q.close();
  });

  it('records an "asked" review as approved only for the same tool_use_id and call', () => {
    const q = ReviewQueue.open(dir);
    const b = bindingOf({ ...call, rule: 'r.deploy' });
    q.request({
      ...b,
      reason: 'x',
      attributedTo: null,
      frontDoor: 'claude-code',
      timeoutMs: 60_000,
      toolUseId: 'toolu_1',
      asked: true,
    });
    expect(
      q.approveAsked('toolu_1', {
        tool: 'Deploy',
        argsDigest: bindingOf({ ...call, args: {}, rule: '' }).argsDigest,
        session: 's1',
      }),
    ).toBeUndefined();
    expect(
      q.approveAsked('toolu_2', { tool: b.tool, argsDigest: b.argsDigest, session: b.session }),
    ).toBeUndefined();
    expect(
      q.approveAsked('toolu_1', { tool: b.tool, argsDigest: b.argsDigest, session: b.session })
        ?.status,
    ).toBe('approved');
    q.close();
  });

  it('escalates to a refusal when no queue is configured', async () => {
    expect((await resolveEscalation(escalated, call, { frontDoor: 'library' })).verdict).toBe(
      'block',
    );
  });

  it('keeps false-positive sightings', () => {
    const q = ReviewQueue.open(dir);
    q.markFalsePositive('r.deploy', 'abc', 'harmless');
    expect(q.falsePositives().map((f) => [f.rule, f.ref, f.note])).toEqual([
      ['r.deploy', 'abc', 'harmless'],
    ]);
    q.close();
  });
});
