// The collector role's durable record of collected batches (docs/architecture.md "Rules every room follows"):
// a batch is recorded, with its signed proposal, before the Leader's collection job is deleted, and
// recognised by its collection id when a restarted collector is handed the same batch again. With
// a PostgreSQL store the database row is the commit point and the proposal files are its copies.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import type { PgCollectedLedger } from '../../dap/index.js';
import type { SignedProposal } from '../consensus/proposal-file.js';

interface BatchRecord {
  schema: 1;
  seq: number;
  proposal: SignedProposal;
}

const PROPOSAL = /^\d{6}\.json$/;
const BATCH = /^[0-9a-f]{64}\.json$/;

export class CollectorLedger {
  private readonly batches: string;
  private readonly proposals: string;
  /** The highest batch number of the database already copied into the proposal files. */
  private synced = 0;

  constructor(
    dir: string,
    private readonly db?: PgCollectedLedger,
  ) {
    this.batches = join(dir, 'batches');
    this.proposals = join(dir, 'proposals');
    mkdirSync(this.batches, { recursive: true, mode: 0o700 });
    mkdirSync(this.proposals, { recursive: true, mode: 0o700 });
    if (!db) this.repair();
  }

  /** Proposal file names, oldest first. */
  list(): string[] {
    return readdirSync(this.proposals)
      .filter((f) => PROPOSAL.test(f))
      .sort();
  }

  read(name: string): SignedProposal {
    return JSON.parse(readFileSync(join(this.proposals, name), 'utf8')) as SignedProposal;
  }

  /** Whether the batch with this collection id is already recorded. */
  async has(id: string): Promise<boolean> {
    if (this.db) return this.db.has(id);
    return existsSync(join(this.batches, `${id}.json`));
  }

  /**
   * Records a batch: first its own file or database row (the commit point), then its proposal. A
   * crash between the two is repaired when the ledger is opened again (or synced).
   */
  async record(id: string, proposal: SignedProposal): Promise<number> {
    if (this.db) {
      const seq = await this.db.record(id, JSON.stringify(proposal));
      this.writeProposal(seq, proposal);
      return seq;
    }
    const seq = this.next();
    const rec: BatchRecord = { schema: 1, seq, proposal };
    writeFileAtomic(join(this.batches, `${id}.json`), JSON.stringify(rec) + '\n', { mode: 0o600 });
    this.writeProposal(seq, proposal);
    return seq;
  }

  /** Copies the database's batches (another process's, or one a crash left unwritten) to files. */
  async sync(): Promise<void> {
    if (!this.db) return;
    for (const b of await this.db.since(this.synced)) {
      const name = `${String(b.seq).padStart(6, '0')}.json`;
      if (!existsSync(join(this.proposals, name)))
        this.writeProposal(b.seq, JSON.parse(b.record) as SignedProposal);
      this.synced = Math.max(this.synced, b.seq);
    }
  }

  async close(): Promise<void> {
    await this.db?.close();
  }

  private next(): number {
    const recorded = readdirSync(this.batches).filter((f) => BATCH.test(f)).length;
    // Proposals written before batches were recorded count too.
    return Math.max(recorded, this.list().length) + 1;
  }

  private writeProposal(seq: number, p: SignedProposal): void {
    writeFileAtomic(
      join(this.proposals, `${String(seq).padStart(6, '0')}.json`),
      JSON.stringify(p, null, 2) + '\n',
      { mode: 0o600 },
    );
  }

  /** Writes the proposal of every recorded batch whose proposal file a crash left unwritten. */
  private repair(): void {
    for (const f of readdirSync(this.batches).filter((n) => BATCH.test(n))) {
      const rec = JSON.parse(readFileSync(join(this.batches, f), 'utf8')) as BatchRecord;
      const name = `${String(rec.seq).padStart(6, '0')}.json`;
      if (!existsSync(join(this.proposals, name))) this.writeProposal(rec.seq, rec.proposal);
    }
  }
}
