// docs/guard.md "Escalation and reviews" (quorum): a review whose rule asks for N approvers runs its
// call only once N distinct people approved it, on a real SQLite queue and through the real CLI with
// the quorum declared in the node's config (test/node/review-quorum-cli.test.ts). The same
// approver twice counts once; a forged or copied approval row never counts; a store from before
// quorums keeps its reviews.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { quorumFor } from '../../../guard/review/review-quorum.js';
import { ask, home, removeHomes, settles } from './quorum-support.js';

afterAll(removeHomes);

const POLICY = { default: 1, rules: { 'pay.*': 2, 'pay.huge': 3 } };

describe('review quorum', () => {
  it('takes the exact rule, else the longest prefix, else the default', () => {
    expect(quorumFor(POLICY, 'pay.huge')).toBe(3);
    expect(quorumFor(POLICY, 'pay.small')).toBe(2);
    expect(quorumFor(POLICY, 'deploy.prod')).toBe(1);
    expect(quorumFor(undefined, 'x')).toBe(1);
    expect(() => quorumFor({ default: 0 }, 'x')).toThrow(/quorum/);
  });

  it('runs the call only at quorum; the same approver twice counts once', async () => {
    const dir = join(home(), 'guard');
    const q = ReviewQueue.open(dir, Date.now, undefined, { quorum: POLICY });
    const held = ask(q, 'pay.large', 5000);
    expect(q.get(held.id)?.quorum).toBe(2);
    expect(q.decide(held.id, 'approved', 'alice').status).toBe('pending');
    expect(await settles(q, held.id, held.binding)).toBe('waiting');
    // Alice again, however spelt, is still one approver.
    const again = q.decide(held.id, 'approved', '  ALICE ');
    expect([again.status, again.approvals]).toEqual(['pending', ['alice']]);
    expect(await settles(q, held.id, held.binding)).toBe('waiting');
    const done = q.decide(held.id, 'approved', 'bob');
    expect([done.status, done.approvals, done.approver]).toEqual([
      'approved',
      ['alice', 'bob'],
      'alice, bob',
    ]);
    expect(await q.wait(held.id, held.binding)).toBe('approved');
    // A rule without a quorum entry needs one person, as before.
    const small = ask(q, 'deploy.staging', 1);
    expect(q.decide(small.id, 'approved', 'carol').status).toBe('approved');
    q.close();
  });

  it('never counts a forged approval row or one copied from another review', async () => {
    const dir = join(home(), 'guard');
    const q = ReviewQueue.open(dir, Date.now, undefined, { quorum: POLICY });
    const a = ask(q, 'pay.large', 10);
    const b = ask(q, 'pay.large', 9000);
    q.decide(a.id, 'approved', 'alice');
    q.decide(a.id, 'approved', 'bob');
    expect(await q.wait(a.id, a.binding)).toBe('approved');
    q.decide(b.id, 'approved', 'alice');
    const db = new Database(join(dir, 'reviews.db'));
    // bob's MACed approval of the small payment, copied onto the large one; and a row made up.
    db.prepare(
      "INSERT INTO approval (review_id, who, approver, at, mac) SELECT ?, who, approver, at, mac FROM approval WHERE review_id = ? AND who = 'bob'",
    ).run(b.id, a.id);
    db.prepare(
      "INSERT INTO approval (review_id, who, approver, at, mac) VALUES (?, 'mallory', 'mallory', 1, ?)",
    ).run(b.id, 'ab'.repeat(32));
    db.close();
    expect(q.get(b.id)?.approvals).toEqual(['alice']);
    expect(await settles(q, b.id, b.binding)).toBe('waiting');
    // One more real person reaches the quorum.
    expect(q.decide(b.id, 'approved', 'dave').status).toBe('approved');
    q.close();
  });

  it('opens a store from before quorums and keeps its reviews valid', () => {
    const dir = join(home(), 'guard');
    const q = ReviewQueue.open(dir);
    const r = ask(q, 'pay.large', 1);
    q.close();
    const db = new Database(join(dir, 'reviews.db'));
    db.exec('DROP TABLE approval');
    db.exec('ALTER TABLE review DROP COLUMN preview');
    db.exec('ALTER TABLE review DROP COLUMN quorum');
    db.prepare("UPDATE meta SET v = '2' WHERE k = 'schema'").run();
    db.close();
    const again = ReviewQueue.open(dir);
    const got = again.get(r.id);
    expect([got?.tampered, got?.quorum, got?.status]).toEqual([undefined, 1, 'pending']);
    expect(again.decide(r.id, 'approved', 'alice').status).toBe('approved');
    again.close();
  });
});
