// c2sp.org/tlog-witness §add-checkpoint: the latest cosigned checkpoint per origin, persisted with
// a synced level write before the witness answers.
import { Level } from 'level';
import { StorageError } from './errors.js';
import { levelGet } from './level-get.js';
import { STORE_SCHEMA_VERSION } from './version.js';

export interface WitnessRecord {
  size: number;
  /** base64 root hash */
  root: string;
  /** The checkpoint with the log's and our signatures, as served to monitors. */
  note: string;
}

export interface WitnessStore {
  get(origin: string): Promise<WitnessRecord | undefined>;
  put(origin: string, record: WitnessRecord): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_KEY = 'schema';

function isRecord(v: unknown): v is WitnessRecord {
  const r = v as Partial<WitnessRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isSafeInteger(r.size) &&
    typeof r.root === 'string' &&
    typeof r.note === 'string'
  );
}

export async function openWitnessStore(dir: string): Promise<WitnessStore> {
  const db = new Level<string, string>(dir, { valueEncoding: 'utf8' });
  await db.open();
  const schema = await levelGet(db, SCHEMA_KEY);
  if (schema === undefined) await db.put(SCHEMA_KEY, String(STORE_SCHEMA_VERSION), { sync: true });
  else if (Number(schema) > STORE_SCHEMA_VERSION) {
    await db.close();
    throw new StorageError('storage_schema_newer', `witness store schema ${schema} is newer`);
  }
  return {
    async get(origin) {
      const v = await levelGet(db, `o:${origin}`);
      if (v === undefined) return undefined;
      const parsed: unknown = JSON.parse(v);
      if (!isRecord(parsed)) throw new StorageError('storage_corrupt', 'witness record is corrupt');
      return parsed;
    },
    async put(origin, record) {
      await db.put(`o:${origin}`, JSON.stringify(record), { sync: true });
    },
    close: () => db.close(),
  };
}
