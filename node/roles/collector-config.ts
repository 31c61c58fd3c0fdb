// The `collector` section of `mesh serve --config`: which pack's catalog the aggregate covers, the
// ring and since when, the collector key, the poll period, and consensus threshold overrides.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors.js';
import type { Ring } from '../../packs/index.js';
import { parseConsensusPolicy, type ConsensusPolicy } from '../consensus/index.js';

export interface CollectorConfig {
  /** The published pack JSON whose `catalog` orders the report vector. */
  packFile: string;
  pack: string;
  /** sha256 of the pack file's bytes: the published target the proposals are about. */
  packSha256: string;
  catalog: string[];
  ring: Ring;
  /** Unix seconds since the pack's rules are in this ring. */
  ringSince: number;
  keyFile: string;
  pollSeconds: number;
  consensus: ConsensusPolicy;
  /** `collector.store`: a postgres:// URL for the batch records (else files inside --data). */
  store?: string;
}

type Raw = Record<string, unknown>;

function str(raw: Raw, k: string): string {
  const v = raw[k];
  if (typeof v !== 'string' || v === '')
    throw new ConfigError('config_invalid', `collector.${k} must be a non-empty string`);
  return v;
}

export function parseCollectorConfig(section: unknown, nowSeconds: number): CollectorConfig {
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    throw new ConfigError(
      'config_invalid',
      'the collector role needs a "collector" section in --config',
      'give {"collector": {"pack": FILE, "key": FILE}}',
    );
  }
  const raw = section as Raw;
  const packFile = str(raw, 'pack');
  let pack: { name?: unknown; catalog?: unknown };
  let packSha256: string;
  try {
    const bytes = readFileSync(packFile);
    packSha256 = createHash('sha256').update(bytes).digest('hex');
    pack = JSON.parse(bytes.toString('utf8')) as typeof pack;
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `collector.pack ${packFile}: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
  if (
    typeof pack.name !== 'string' ||
    !Array.isArray(pack.catalog) ||
    !pack.catalog.every((x) => typeof x === 'string')
  ) {
    throw new ConfigError(
      'config_invalid',
      `collector.pack ${packFile}: not a pack with a catalog`,
    );
  }
  const ring = raw.ring ?? 'canary';
  if (ring !== 'canary' && ring !== 'stable')
    throw new ConfigError('config_invalid', 'collector.ring must be canary or stable');
  const ringSince = raw.ringSince ?? nowSeconds;
  const pollSeconds = raw.pollSeconds ?? 5;
  if (typeof ringSince !== 'number' || !Number.isSafeInteger(ringSince))
    throw new ConfigError('config_invalid', 'collector.ringSince must be unix seconds');
  if (typeof pollSeconds !== 'number' || !(pollSeconds > 0 && pollSeconds <= 3600))
    throw new ConfigError('config_invalid', 'collector.pollSeconds must be in (0, 3600]');
  let consensus: ConsensusPolicy;
  try {
    consensus = parseConsensusPolicy(raw.consensus);
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `collector.consensus: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
  return {
    packFile,
    pack: pack.name,
    packSha256,
    catalog: pack.catalog,
    ring,
    ringSince,
    keyFile: str(raw, 'key'),
    pollSeconds,
    consensus,
    ...(raw.store === undefined ? {} : { store: str(raw, 'store') }),
  };
}
