// The admin channel's requests and answers (HPKE key rotation, DAP-18 §4.4.1): JSON objects with a
// version, decoded strictly (exact key sets, typed fields, bounded sizes); anything else is refused.
import type { KeyState } from '../aggregator/hpke-keys.js';
import { DecodeError, type DapErrorCode } from '../errors.js';

export const ADMIN_VERSION = 1;
export const MAX_REQUEST_BYTES = 256;
export const MAX_ANSWER_BYTES = 1 << 16;
const MAX_TEXT = 1024;
const MAX_CONFIG = 128;

export interface KeyInfo {
  id: number;
  state: KeyState;
  /** Whether hpke_config advertises it (active keys only). */
  advertised: boolean;
  /** Whether a report sealed to it is decrypted (pending and active keys). */
  decrypts: boolean;
  /** The encoded HpkeConfig, base64url (public). */
  config: string;
}

export type AdminRequest =
  { op: 'list' } | { op: 'add' } | { op: 'set_state'; id: number; state: 'active' | 'expired' };

export type AdminAnswer =
  | { ok: true; keys: KeyInfo[] }
  | { ok: true; id: number }
  | { ok: true }
  | { ok: false; code: AdminErrorCode; message: string; hint?: string };

/** The codes an answer may carry; a client maps anything else to admin_unavailable. */
export const ADMIN_ERROR_CODES = [
  'key_rotation_refused',
  'storage_failed',
  'decode_bounds',
  'decode_trailing',
  'decode_truncated',
  'decode_invalid',
  'admin_unavailable',
] as const satisfies readonly DapErrorCode[];
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

const STATES: readonly KeyState[] = ['pending', 'active', 'expired'];
const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });
const bad = (what: string) => new DecodeError('decode_invalid', what);

function parseObject(bytes: Uint8Array, max: number): Record<string, unknown> {
  if (bytes.length > max) throw new DecodeError('decode_bounds', `message exceeds ${max} bytes`);
  let v: unknown;
  try {
    // this value is attacker-controlled
    v = JSON.parse(dec.decode(bytes));
  } catch {
    throw bad('not UTF-8 JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('not a JSON object');
  const o = v as Record<string, unknown>;
  if (o.v !== ADMIN_VERSION) throw bad(`unsupported admin version ${JSON.stringify(o.v)}`);
  return o;
}

function exactKeys(o: Record<string, unknown>, required: string[], optional: string[] = []) {
  for (const k of required) if (!(k in o)) throw bad(`missing "${k}"`);
  for (const k of Object.keys(o))
    if (k !== 'v' && !required.includes(k) && !optional.includes(k)) throw bad(`unknown "${k}"`);
}

function configId(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255)
    throw bad('id must be an integer 0..255');
  return v;
}

function text(v: unknown, max: number, what: string): string {
  if (typeof v !== 'string' || v.length > max) throw bad(`${what} must be a string of <= ${max}`);
  return v;
}

const bool = (v: unknown, what: string): boolean => {
  if (typeof v !== 'boolean') throw bad(`${what} must be a boolean`);
  return v;
};

export const encodeAdminRequest = (r: AdminRequest): Uint8Array =>
  enc.encode(JSON.stringify({ v: ADMIN_VERSION, ...r }));

export function decodeAdminRequest(bytes: Uint8Array): AdminRequest {
  const o = parseObject(bytes, MAX_REQUEST_BYTES);
  switch (o.op) {
    case 'list':
    case 'add':
      exactKeys(o, ['op']);
      return { op: o.op };
    case 'set_state':
      exactKeys(o, ['op', 'id', 'state']);
      if (o.state !== 'active' && o.state !== 'expired')
        throw bad('state must be "active" or "expired"');
      return { op: 'set_state', id: configId(o.id), state: o.state };
    default:
      throw bad(`unknown op ${JSON.stringify(o.op)}`);
  }
}

export const encodeAdminAnswer = (a: AdminAnswer): Uint8Array =>
  enc.encode(JSON.stringify({ v: ADMIN_VERSION, ...a }));

function keyInfo(v: unknown): KeyInfo {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('key must be an object');
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['id', 'state', 'advertised', 'decrypts', 'config'].includes(k))
      throw bad(`unknown "${k}"`);
  if (!STATES.includes(o.state as KeyState)) throw bad('unknown key state');
  return {
    id: configId(o.id),
    state: o.state as KeyState,
    advertised: bool(o.advertised, 'advertised'),
    decrypts: bool(o.decrypts, 'decrypts'),
    config: text(o.config, MAX_CONFIG, 'config'),
  };
}

export function decodeAdminAnswer(bytes: Uint8Array): AdminAnswer {
  const o = parseObject(bytes, MAX_ANSWER_BYTES);
  if (o.ok === false) {
    exactKeys(o, ['ok', 'code', 'message'], ['hint']);
    if (!(ADMIN_ERROR_CODES as readonly unknown[]).includes(o.code)) throw bad('unknown code');
    return {
      ok: false,
      code: o.code as AdminErrorCode,
      message: text(o.message, MAX_TEXT, 'message'),
      ...(o.hint === undefined ? {} : { hint: text(o.hint, MAX_TEXT, 'hint') }),
    };
  }
  if (o.ok !== true) throw bad('"ok" must be a boolean');
  if ('keys' in o) {
    exactKeys(o, ['ok', 'keys']);
    if (!Array.isArray(o.keys) || o.keys.length > 256) throw bad('keys must be <= 256 entries');
    return { ok: true, keys: o.keys.map(keyInfo) };
  }
  if ('id' in o) {
    exactKeys(o, ['ok', 'id']);
    return { ok: true, id: configId(o.id) };
  }
  exactKeys(o, ['ok']);
  return { ok: true };
}
