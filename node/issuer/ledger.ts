// The issuance ledger (docs/dap.md "Report tokens"): at most one token per organisation, task and
// window. It stores only those three, synced before the token leaves, never a blinded message.
import { Level } from 'level';

export class IssuanceLedger {
  private chain: Promise<unknown> = Promise.resolve();
  private constructor(private readonly db: Level) {}

  static async open(dir: string): Promise<IssuanceLedger> {
    const db = new Level<string, string>(dir);
    await db.open();
    return new IssuanceLedger(db);
  }

  /**
   * Claims the one token of (org, task, window); false when it was issued already. Serialised, and
   * synced to disk before it returns true, so a crash can lose a token but never issue two.
   */
  claim(orgId: string, taskId: string, windowSeconds: number, window: number): Promise<boolean> {
    const key = `${orgId}/${taskId}/${windowSeconds}/${window}`;
    const run = this.chain.then(async () => {
      if ((await this.db.getMany([key]))[0] !== undefined) return false;
      await this.db.put(key, '', { sync: true });
      return true;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Every entry, for tests and `mesh doctor`: [org, task, window_seconds, window]. */
  async entries(): Promise<string[][]> {
    const out: string[][] = [];
    for await (const k of this.db.keys()) out.push(k.split('/'));
    return out;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
