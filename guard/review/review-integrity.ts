// docs/guard.md "Escalation and reviews": review rows an agent cannot forge. Each row is MACed (HMAC-SHA256) with a
// key kept outside the database (<state>/keys/reviews.mac, 0600, never readable through an agent's
// tool call: self-protection blocks it), and every write raises a MACed high-water mark kept beside
// the key, so an edited row, a row copied onto another, or an older database put back is refused.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { constantTimeEqual, writeFileAtomic } from '../../common/index.js';
import { canonicalJson } from '../receipts/canonical.js';
import { GuardError } from '../errors.js';

export const REVIEW_MAC_FILE = 'reviews.mac';
export const REVIEW_HWM_FILE = 'reviews.hwm';

/** Where the key lives: the node's keys folder for a queue at `<state>/guard`, else DIR/keys. */
export const keysDirFor = (queueDir: string): string =>
  basename(queueDir) === 'guard' ? join(dirname(queueDir), 'keys') : join(queueDir, 'keys');

/** The MAC key, created (0600) on first use; refused when readable by group or others. */
export function loadReviewKey(keysDir: string): Buffer {
  const path = join(keysDir, REVIEW_MAC_FILE);
  if (!existsSync(path)) {
    mkdirSync(keysDir, { recursive: true, mode: 0o700 });
    try {
      writeFileAtomic(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    } catch (e) {
      if (!existsSync(path)) throw e;
    }
  }
  if ((statSync(path).mode & 0o077) !== 0)
    throw new GuardError(
      'review_store_invalid',
      `${path}: permissions are wider than 0600 (run chmod 600)`,
    );
  const hex = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex))
    throw new GuardError('review_store_invalid', `${path}: not a review MAC key`);
  return Buffer.from(hex, 'hex');
}

export function mac(key: Buffer, fields: unknown): string {
  return createHmac('sha256', key).update(canonicalJson(fields)).digest('hex');
}

export function macOk(key: Buffer, fields: unknown, tag: string | null): boolean {
  if (tag === null || !/^[0-9a-f]{64}$/.test(tag)) return false;
  return constantTimeEqual(Buffer.from(mac(key, fields), 'hex'), Buffer.from(tag, 'hex'));
}

/** The high-water mark recorded outside the database (0 when none yet); a forged file is refused. */
export function readHighWater(keysDir: string, key: Buffer): number {
  const path = join(keysDir, REVIEW_HWM_FILE);
  if (!existsSync(path)) return 0;
  // This file is attacker-reachable only outside an agent's tool calls; it is still checked.
  const [n, tag] = readFileSync(path, 'utf8').trim().split(' ');
  const value = Number(n);
  if (!Number.isSafeInteger(value) || value < 0 || !macOk(key, ['hwm', value], tag ?? null))
    throw new GuardError('review_store_invalid', `${path}: the review high-water mark is forged`);
  return value;
}

export function writeHighWater(keysDir: string, key: Buffer, value: number): void {
  if (readHighWater(keysDir, key) >= value) return;
  writeFileAtomic(join(keysDir, REVIEW_HWM_FILE), `${value} ${mac(key, ['hwm', value])}\n`, {
    mode: 0o600,
  });
}
