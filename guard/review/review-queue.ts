// Escalation: the durable review queue. An escalated call waits for an approval of its own
// review (bound to tool, args digest, session and rule) or is refused when none comes in time. SQLite
// in WAL mode, so the proxy, hooks and `mesh reviews` in other processes share it safely; file 0600.
import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GuardError } from '../errors.js';
import { sameBinding, type CallBinding } from './call-binding.js';
import {
  keysDirFor,
  loadReviewKey,
  mac,
  macOk,
  readHighWater,
  writeHighWater,
} from './review-integrity.js';
import { openReviewDb } from './review-open.js';
import { isAgentPrincipal } from './review-principals.js';
import {
  approvalMac,
  approverKey,
  quorumFor,
  validApprovers,
  type ApprovalRow,
  type QuorumPolicy,
} from './review-quorum.js';
import {
  fromRow,
  macFields,
  type FrontDoor,
  type Review,
  type ReviewStatus,
  type Row,
} from './review-row.js';

export const REVIEW_DB_FILE = 'reviews.db';

export interface ReviewRequest extends CallBinding {
  reason: string;
  attributedTo: string | null;
  frontDoor: FrontDoor;
  /** How long an approver has; after it the call is refused. */
  timeoutMs: number;
  toolUseId?: string;
  /** Claude Code's hook hands the question to its own prompt: the review starts as "asked". */
  asked?: boolean;
  /** Distinct approvers needed; default: the queue's quorum policy for the rule. */
  quorum?: number;
  /** The masked preview of the call's arguments (never raw secret or taint values). */
  preview?: string;
}

export interface ReviewQueueOptions {
  /** How many distinct approvers each rule's reviews need (default: one). */
  quorum?: QuorumPolicy;
}

export interface FalsePositive {
  id: number;
  at: number;
  rule: string;
  ref: string;
  note: string | null;
}

const WRITES = 'writes';

export class ReviewQueue {
  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
    private readonly key: Buffer,
    private readonly keysDir: string,
    private readonly quorumPolicy: QuorumPolicy | undefined,
  ) {}

  /**
   * Opens (creating) the queue at DIR/reviews.db, its MAC key and high-water mark in `keysDir`
   * (default: the state's keys folder beside DIR).
   * @throws GuardError review_store_rolled_back when the database is older than its high-water mark
   * @example const q = ReviewQueue.open(join(home, 'guard'))
   */
  static open(
    dir: string,
    now: () => number = Date.now,
    keysDir: string = keysDirFor(dir),
    options: ReviewQueueOptions = {},
  ): ReviewQueue {
    const key = loadReviewKey(keysDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, REVIEW_DB_FILE);
    const db = openReviewDb(path);
    const q = new ReviewQueue(db, now, key, keysDir, options.quorum);
    q.checkNotRolledBack(path);
    return q;
  }

  /** The database's own write count, MACed; a missing or forged count is 0. */
  private writes(): number {
    const row = this.db.prepare('SELECT v FROM meta WHERE k = ?').get(WRITES) as
      { v: string } | undefined;
    if (!row) return 0;
    const [n, tag] = row.v.split(' ');
    const value = Number(n);
    return Number.isSafeInteger(value) && macOk(this.key, [WRITES, value], tag ?? null) ? value : 0;
  }

  private checkNotRolledBack(path: string): void {
    const mark = readHighWater(this.keysDir, this.key);
    const have = this.writes();
    if (have < mark) {
      this.db.close();
      throw new GuardError(
        'review_store_rolled_back',
        `${path}: the review database is older than its high-water mark (${have} < ${mark} writes): it was restored or edited; restore the newest copy or move it aside`,
      );
    }
  }

  /** Re-MACs row `id` and counts the write; call inside the write's transaction. */
  private seal(id: string): void {
    const r = this.db.prepare('SELECT * FROM review WHERE id = ?').get(id) as Row | undefined;
    if (!r) return;
    this.db.prepare('UPDATE review SET mac = ? WHERE id = ?').run(mac(this.key, macFields(r)), id);
    const n = this.writes() + 1;
    this.db
      .prepare('INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)')
      .run(WRITES, `${n} ${mac(this.key, [WRITES, n])}`);
  }

  /** After a committed write: the mark outside the database follows. */
  private raiseMark(): void {
    writeHighWater(this.keysDir, this.key, this.writes());
  }

  close(): void {
    this.db.close();
  }

  /**
   * Distinct approvers a review of `rule` needs under this queue's quorum policy.
   * @throws GuardError review_quorum_invalid when the policy's entry is out of range
   */
  quorumOf(rule: string): number {
    return quorumFor(this.quorumPolicy, rule);
  }

  request(req: ReviewRequest): Review {
    const id = randomBytes(8).toString('hex');
    const created = this.now();
    const insert = this.db.transaction(() => {
      this.insertRow(id, created, req);
      this.seal(id);
    });
    insert.immediate();
    this.raiseMark();
    return this.mustGet(id);
  }

  private insertRow(id: string, created: number, req: ReviewRequest): void {
    this.db
      .prepare(
        'INSERT INTO review (id, status, created, expires, tool, args_digest, session, rule, reason, attributed_to, front_door, tool_use_id, quorum, preview) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        id,
        req.asked === true ? 'asked' : 'pending',
        created,
        created + req.timeoutMs,
        req.tool,
        req.argsDigest,
        req.session,
        req.rule,
        req.reason,
        req.attributedTo,
        req.frontDoor,
        req.toolUseId ?? null,
        req.quorum ?? quorumFor(this.quorumPolicy, req.rule),
        req.preview ?? null,
      );
  }

  private review(r: Row): Review {
    const v = fromRow(r);
    if (!macOk(this.key, macFields(r), r.mac)) v.tampered = true;
    v.approvals = this.approvers(r.id, r.args_digest);
    return v;
  }

  private approvers(id: string, digest: string): string[] {
    const rows = this.db
      .prepare('SELECT * FROM approval WHERE review_id = ? ORDER BY at, who')
      .all(id) as ApprovalRow[];
    return validApprovers(this.key, rows, digest);
  }

  /** Records one person's approval (once per person); true when the review reached its quorum. */
  private approveOnce(current: Review, approver: string): boolean {
    const row = { review_id: current.id, who: approverKey(approver), approver, at: this.now() };
    this.db
      .prepare(
        'INSERT OR IGNORE INTO approval (review_id, who, approver, at, mac) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        row.review_id,
        row.who,
        row.approver,
        row.at,
        approvalMac(this.key, row, current.argsDigest),
      );
    return this.approvers(current.id, current.argsDigest).length >= current.quorum;
  }

  get(id: string): Review | undefined {
    const r = this.db.prepare('SELECT * FROM review WHERE id = ?').get(id) as Row | undefined;
    return r && this.review(r);
  }

  list(status?: ReviewStatus): Review[] {
    this.expireDue();
    const rows = (
      status === undefined
        ? this.db.prepare('SELECT * FROM review ORDER BY created, id').all()
        : this.db.prepare('SELECT * FROM review WHERE status = ? ORDER BY created, id').all(status)
    ) as Row[];
    return rows.map((r) => this.review(r));
  }

  /** Approves or rejects a waiting review; a review that is already decided or expired stays as it is. */
  decide(id: string, outcome: 'approved' | 'rejected', approver: string, note?: string): Review {
    this.expireDue();
    const run = this.db.transaction(() => {
      const current = this.get(id);
      if (!current)
        throw new GuardError('review_not_found', `no review ${id}; run \`mesh reviews list\``);
      if (current.tampered === true)
        throw new GuardError(
          'review_tampered',
          `review ${id} was changed outside mesh; it cannot be decided (the call stays refused)`,
        );
      if (current.status !== 'pending' && current.status !== 'asked')
        throw new GuardError('review_already_decided', `review ${id} is already ${current.status}`);
      if (outcome === 'approved' && isAgentPrincipal(approver, current.frontDoor))
        throw new GuardError(
          'review_self_approval',
          `review ${id}: the approver "${approver}" is the requesting agent; a person approves, by name`,
        );
      if (outcome === 'approved' && !this.approveOnce(current, approver)) {
        // Short of its quorum: the approval is recorded (and counted as a write); the call waits.
        this.seal(id);
        return this.mustGet(id);
      }
      const by = outcome === 'approved' ? this.mustGet(id).approvals.join(', ') : approver;
      this.db
        .prepare('UPDATE review SET status = ?, decided = ?, approver = ?, note = ? WHERE id = ?')
        .run(outcome, this.now(), by, note ?? null, id);
      this.seal(id);
      return this.mustGet(id);
    });
    const r = run.immediate();
    this.raiseMark();
    return r;
  }

  /** Claude Code ran the call it asked about: its user approved it. Records that on the review. */
  approveAsked(toolUseId: string, binding: Omit<CallBinding, 'rule'>): Review | undefined {
    const run = this.db.transaction(() => {
      const r = this.db
        .prepare("SELECT * FROM review WHERE tool_use_id = ? AND status = 'asked'")
        .get(toolUseId) as Row | undefined;
      if (!r) return undefined;
      const review = this.review(r);
      if (review.tampered === true || !sameBinding(review, { ...binding, rule: review.rule }))
        return undefined;
      this.db
        .prepare("UPDATE review SET status = 'approved', decided = ?, approver = ? WHERE id = ?")
        .run(this.now(), 'claude-code-user', review.id);
      this.seal(review.id);
      return this.mustGet(review.id);
    });
    const done = run.immediate();
    if (done !== undefined) this.raiseMark();
    return done;
  }

  /**
   * Waits until review `id` is decided or expires. Approval counts only when the review is bound to
   * exactly `binding`; anything else is a refusal.
   */
  async wait(
    id: string,
    binding: CallBinding,
    pollMs = 100,
  ): Promise<'approved' | 'rejected' | 'expired'> {
    for (;;) {
      this.expireDue();
      const r = this.get(id);
      if (!r) return 'rejected';
      if (r.tampered === true) return 'rejected';
      if (r.status === 'approved')
        return sameBinding(r, binding) && (r.quorum === 1 || r.approvals.length >= r.quorum)
          ? 'approved'
          : 'rejected';
      if (r.status === 'rejected' || r.status === 'expired') return r.status;
      await sleep(Math.max(10, Math.min(pollMs, r.expires - this.now() + 1)));
    }
  }

  markFalsePositive(rule: string, ref: string, note?: string): FalsePositive {
    const at = this.now();
    const info = this.db
      .prepare('INSERT INTO fp_sighting (at, rule, ref, note) VALUES (?, ?, ?, ?)')
      .run(at, rule, ref, note ?? null);
    return { id: Number(info.lastInsertRowid), at, rule, ref, note: note ?? null };
  }

  falsePositives(since = 0): FalsePositive[] {
    return this.db
      .prepare('SELECT id, at, rule, ref, note FROM fp_sighting WHERE at >= ? ORDER BY id')
      .all(since) as FalsePositive[];
  }

  private expireDue(): void {
    const now = this.now();
    const due = this.db
      .prepare("SELECT id FROM review WHERE status IN ('pending', 'asked') AND expires <= ?")
      .all(now) as { id: string }[];
    if (due.length === 0) return;
    const run = this.db.transaction(() => {
      for (const { id } of due) {
        // A tampered row stays as it is: expiring it would give it a valid MAC.
        if (this.get(id)?.tampered === true) continue;
        this.db
          .prepare(
            "UPDATE review SET status = 'expired', decided = ? WHERE id = ? AND status IN ('pending', 'asked')",
          )
          .run(now, id);
        this.seal(id);
      }
    });
    run.immediate();
    this.raiseMark();
  }

  private mustGet(id: string): Review {
    const r = this.get(id);
    if (!r) throw new GuardError('review_not_found', `no review ${id}`);
    return r;
  }
}
