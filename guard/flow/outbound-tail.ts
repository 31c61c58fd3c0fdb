// The end of a session's last outbound call, kept by the persisted flow store so a secret split
// across two calls of one-process-per-call hooks is joined as the in-process tracker joins it
// (guard/flow/flow-check.ts). The store keeps no value in clear: the tail is sealed with
// AES-256-GCM (NIST SP 800-38D) under a key derived from the flow secret, bound to its session.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

const PREFIX = 'tail:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function tailMetaKey(session: string): string {
  return PREFIX + session;
}

/** AES-256-GCM with a random IV, bound to `aad` (a session's tail or its definitions). */
export function sealText(key: Uint8Array, aad: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

/** The text `sealed` holds for `aad`, or null when it does not open. */
export function openSealed(key: Uint8Array, aad: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    d.setAAD(Buffer.from(aad, 'utf8'));
    d.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([d.update(raw.subarray(IV_BYTES + TAG_BYTES)), d.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** The session's sealed tail, or '' when there is none or it does not open (then nothing is joined). */
export function readTail(db: Database.Database, key: Uint8Array, session: string): string {
  const sealed = db.prepare('SELECT v FROM meta WHERE k = ?').pluck().get(tailMetaKey(session));
  return typeof sealed === 'string' ? (openSealed(key, session, sealed) ?? '') : '';
}

export function writeTail(
  db: Database.Database,
  key: Uint8Array,
  session: string,
  text: string,
): void {
  // A lost tail only loses one join, so this write is not worth an fsync per call: in WAL mode
  // NORMAL commits without one (the WAL is synced at checkpoints), and the store's level is restored.
  const was = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    db.prepare(
      'INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v',
    ).run(tailMetaKey(session), sealText(key, session, text));
  } finally {
    db.pragma(`synchronous = ${String(was)}`);
  }
}
