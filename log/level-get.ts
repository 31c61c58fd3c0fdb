// level@10's typings say get() always yields a value; at runtime (abstract-level 3) a missing key
// yields undefined. This widens the type so callers must handle the missing case.
import type { Level } from 'level';

export async function levelGet<V>(db: Level<string, V>, key: string): Promise<V | undefined> {
  const v: V | undefined = await db.get(key);
  return v;
}
