// docs/operator.md "config.json": the node config's `receipts` section, where the receipt chain's
// signed heads are anchored beyond the anchor file: the node's own transparency log, cosigned by
// witnesses. `{"log": {"witnesses": ["https://w.example/witness=VKEY"], "quorum": 1, "origin": "…"}}`.
import { ConfigError } from '../errors.js';

export interface ReceiptLogSection {
  /** The log's origin line; default: mesh-receipts/<first 16 hex of the node key>. */
  origin?: string;
  /** Witnesses as URL=VKEY (c2sp.org/tlog-witness submission prefix and cosignature/v1 key). */
  witnesses: string[];
  /** Cosignatures required; default: every witness. */
  quorum?: number;
}

export interface ReceiptsConfig {
  log?: ReceiptLogSection;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function only(o: Record<string, unknown>, keys: string[], where: string): void {
  for (const k of Object.keys(o))
    if (!keys.includes(k))
      throw new ConfigError(
        'config_invalid',
        `${where}: unknown key "${k}"`,
        `known: ${keys.join(', ')}`,
      );
}

/**
 * Validates the `receipts` section (attacker-controlled if the config file is shared).
 * @throws ConfigError config_invalid on an unknown key, a witness that is not URL=VKEY text, or a
 *   quorum outside 0..witnesses
 * @example parseReceiptsSection({ log: { witnesses: ['http://127.0.0.1:8080=w+1234+AAAA'] } }, 'config.json')
 */
export function parseReceiptsSection(v: unknown, source: string): ReceiptsConfig {
  if (!isObject(v))
    throw new ConfigError('config_invalid', `${source}: "receipts" must be an object`);
  only(v, ['log'], `${source}: "receipts"`);
  if (v.log === undefined) return {};
  const log = v.log;
  if (!isObject(log))
    throw new ConfigError('config_invalid', `${source}: "receipts.log" must be an object`);
  only(log, ['origin', 'witnesses', 'quorum'], `${source}: "receipts.log"`);
  const w = log.witnesses;
  if (
    !Array.isArray(w) ||
    w.length === 0 ||
    !w.every((x) => typeof x === 'string' && x.includes('='))
  )
    throw new ConfigError(
      'config_invalid',
      `${source}: "receipts.log.witnesses" must be a non-empty list of URL=VKEY strings`,
    );
  const out: ReceiptLogSection = { witnesses: w as string[] };
  if (log.origin !== undefined) {
    if (
      typeof log.origin !== 'string' ||
      !/^[\x21-\x7e]{1,255}$/.test(log.origin) ||
      log.origin.includes('+')
    )
      throw new ConfigError(
        'config_invalid',
        `${source}: "receipts.log.origin" must be a key name`,
      );
    out.origin = log.origin;
  }
  if (log.quorum !== undefined) {
    const q = log.quorum;
    if (typeof q !== 'number' || !Number.isSafeInteger(q) || q < 1 || q > w.length)
      throw new ConfigError(
        'config_invalid',
        `${source}: "receipts.log.quorum" must be an integer from 1 to the number of witnesses`,
      );
    out.quorum = q;
  }
  return { log: out };
}
