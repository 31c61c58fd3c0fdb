// Issue 8 "Escalation": the durable review queue. An escalated call waits for an approval of its own
// review (bound to tool, args digest, session and rule) or is refused when none comes in time. SQLite
// in WAL mode, so the proxy, hooks and `mesh reviews` in other processes share it safely; file 0600.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GuardError } from '../errors.js';
import { sameBinding, type CallBinding } from './call-binding.js';
import { REVIEW_STORE_DDL, REVIEW_STORE_SCHEMA } from './review-schema.js';

export const REVIEW_DB_FILE = 'reviews.db';

/** pending: waiting for a human; asked: handed to Claude Code's own prompt (approved by PostToolUse). */
export type ReviewStatus = 'pending' | 'asked' | 'approved' | 'rejected' | 'expired';
export type FrontDoor = 'mcp' | 'library' | 'claude-code';

export interface Review extends CallBinding {
  id: string;
  status: ReviewStatus;
  created: number;
  expires: number;
  decided: number | null;
  approver: string | null;
  note: string | null;
  reason: string;
  attributedTo: string | null;
  frontDoor: FrontDoor;
  toolUseId: string | null;
}

export interface ReviewRequest extends CallBinding {
  reason: string;
  attributedTo: string | null;
  frontDoor: FrontDoor;
  /** How long an approver has; after it the call is refused. */
  timeoutMs: number;
  toolUseId?: string;
  /** Claude Code's hook hands the question to its own prompt: the review starts as "asked". */
  asked?: boolean;
}

export interface FalsePositive {
  id: number;
  at: number;
  rule: string;
  ref: string;
  note: string | null;
}

interface Row {
  id: string;
  status: ReviewStatus;
  created: number;
  expires: number;
  decided: number | null;
  approver: string | null;
  note: string | null;
  tool: string;
  args_digest: string;
  session: string;
  rule: string;
  reason: string;
  attributed_to: string | null;
  front_door: FrontDoor;
  tool_use_id: string | null;
}

function fromRow(r: Row): Review {
  return {
    id: r.id,
    status: r.status,
    created: r.created,
    expires: r.expires,
    decided: r.decided,
    approver: r.approver,
    note: r.note,
    tool: r.tool,
    argsDigest: r.args_digest,
    session: r.session,
    rule: r.rule,
    reason: r.reason,
    attributedTo: r.attributed_to,
    frontDoor: r.front_door,
    toolUseId: r.tool_use_id,
  };
}

export class ReviewQueue {
  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {}

  static open(dir: string, now: () => number = Date.now): ReviewQueue {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, REVIEW_DB_FILE);
    closeSync(openSync(path, 'a', 0o600));
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    let db: Database.Database;
    try {
      db = new Database(path, { timeout: 10_000 });
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.exec(REVIEW_STORE_DDL);
      const row = db.prepare('SELECT v FROM meta WHERE k = ?').get('schema') as
        { v: string } | undefined;
      if (!row)
        db.prepare('INSERT OR IGNORE INTO meta (k, v) VALUES (?, ?)').run(
          'schema',
          String(REVIEW_STORE_SCHEMA),
        );
      else if (Number(row.v) > REVIEW_STORE_SCHEMA)
        throw new GuardError(
          'review_store_invalid',
          `${path}: schema ${row.v} is newer than this mesh understands (${REVIEW_STORE_SCHEMA}); upgrade interlock-mesh`,
        );
    } catch (e) {
      if (e instanceof GuardError) throw e;
      throw new GuardError(
        'review_store_invalid',
        `${path}: cannot open the review queue (${(e as Error).message})`,
        undefined,
        { cause: e },
      );
    }
    return new ReviewQueue(db, now);
  }

  close(): void {
    this.db.close();
  }

  request(req: ReviewRequest): Review {
    const id = randomBytes(8).toString('hex');
    const created = this.now();
    this.db
      .prepare(
        'INSERT INTO review (id, status, created, expires, tool, args_digest, session, rule, reason, attributed_to, front_door, tool_use_id) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
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
      );
    return this.mustGet(id);
  }

  get(id: string): Review | undefined {
    const r = this.db.prepare('SELECT * FROM review WHERE id = ?').get(id) as Row | undefined;
    return r && fromRow(r);
  }

  list(status?: ReviewStatus): Review[] {
    this.expireDue();
    const rows = (
      status === undefined
        ? this.db.prepare('SELECT * FROM review ORDER BY created, id').all()
        : this.db.prepare('SELECT * FROM review WHERE status = ? ORDER BY created, id').all(status)
    ) as Row[];
    return rows.map(fromRow);
  }

  /** Approves or rejects a waiting review; a review that is already decided or expired stays as it is. */
  decide(id: string, outcome: 'approved' | 'rejected', approver: string, note?: string): Review {
    this.expireDue();
    const run = this.db.transaction(() => {
      const current = this.get(id);
      if (!current)
        throw new GuardError('review_not_found', `no review ${id}; run \`mesh reviews list\``);
      if (current.status !== 'pending' && current.status !== 'asked')
        throw new GuardError('review_already_decided', `review ${id} is already ${current.status}`);
      this.db
        .prepare('UPDATE review SET status = ?, decided = ?, approver = ?, note = ? WHERE id = ?')
        .run(outcome, this.now(), approver, note ?? null, id);
      return this.mustGet(id);
    });
    return run.immediate();
  }

  /** Claude Code ran the call it asked about: its user approved it. Records that on the review. */
  approveAsked(toolUseId: string, binding: Omit<CallBinding, 'rule'>): Review | undefined {
    const run = this.db.transaction(() => {
      const r = this.db
        .prepare("SELECT * FROM review WHERE tool_use_id = ? AND status = 'asked'")
        .get(toolUseId) as Row | undefined;
      if (!r) return undefined;
      const review = fromRow(r);
      if (!sameBinding(review, { ...binding, rule: review.rule })) return undefined;
      this.db
        .prepare("UPDATE review SET status = 'approved', decided = ?, approver = ? WHERE id = ?")
        .run(this.now(), 'claude-code-user', review.id);
      return this.mustGet(review.id);
    });
    return run.immediate();
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
      if (r.status === 'approved') return sameBinding(r, binding) ? 'approved' : 'rejected';
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
    this.db
      .prepare(
        "UPDATE review SET status = 'expired', decided = ? WHERE status IN ('pending', 'asked') AND expires <= ?",
      )
      .run(this.now(), this.now());
  }

  private mustGet(id: string): Review {
    const r = this.get(id);
    if (!r) throw new GuardError('review_not_found', `no review ${id}`);
    return r;
  }
}
