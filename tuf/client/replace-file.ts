// Whole-file replacement without a sync, for the TUF 1.0.34 §5 client's caches (targets metadata,
// downloaded targets): every read of them checks trusted hashes, so only tearing in place must not
// happen; durability is not needed (root, timestamp and snapshot use common's durable writes).
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Temp file (named as common's atomic writes name theirs), then rename: never a torn file in place. */
export function replaceFile(path: string, bytes: Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, bytes, { flag: 'wx', mode: 0o644 });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
