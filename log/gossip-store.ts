// Gossip state: the largest verified checkpoint per origin and every split-view evidence, in level
// with synced writes.
import { Level } from 'level';
import { StorageError } from './errors.js';
import { levelGet } from './level-get.js';
import { evidenceId, type SplitViewEvidence } from './split-view-evidence.js';
import { STORE_SCHEMA_VERSION } from './version.js';

export interface GossipStore {
  latest(origin: string): Promise<string | undefined>;
  checkpoints(): Promise<string[]>;
  putLatest(origin: string, note: string): Promise<void>;
  /** Returns false if this evidence was already recorded. */
  addEvidence(e: SplitViewEvidence): Promise<boolean>;
  evidence(): Promise<SplitViewEvidence[]>;
  close(): Promise<void>;
}

export async function openGossipStore(dir: string): Promise<GossipStore> {
  const db = new Level<string, string>(dir, { valueEncoding: 'utf8' });
  await db.open();
  const schema = await levelGet(db, 'schema');
  if (schema === undefined) await db.put('schema', String(STORE_SCHEMA_VERSION), { sync: true });
  else if (Number(schema) > STORE_SCHEMA_VERSION) {
    await db.close();
    throw new StorageError('storage_schema_newer', `gossip store schema ${schema} is newer`);
  }
  const values = async (prefix: string): Promise<string[]> => {
    const out: string[] = [];
    for await (const v of db.values({ gte: prefix, lt: `${prefix}\uffff` })) out.push(v);
    return out;
  };
  return {
    latest: (origin) => levelGet(db, `c:${origin}`),
    checkpoints: () => values('c:'),
    putLatest: (origin, note) => db.put(`c:${origin}`, note, { sync: true }),
    async addEvidence(e) {
      const key = `x:${evidenceId(e)}`;
      if ((await levelGet(db, key)) !== undefined) return false;
      await db.put(key, JSON.stringify(e), { sync: true });
      return true;
    },
    evidence: async () => (await values('x:')).map((v) => JSON.parse(v) as SplitViewEvidence),
    close: () => db.close(),
  };
}
