// docs/campaigns.md "Campaigns": what the collector learnt, window by window — each fingerprint
// that at least the threshold of organisations reported, its count per window and the window it
// was first seen in. Written atomically; a window walked twice keeps its first result.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { NodeError } from '../errors.js';

export const LEDGER_SCHEMA = 1;

export interface Campaign {
  /** The fingerprint, first bit first. */
  bits: string;
  /** Organisations that reported it, per window (key: window start, unix seconds). */
  windows: Record<string, number>;
  first_seen: number;
  last_seen: number;
}

export interface Ledger {
  schema: typeof LEDGER_SCHEMA;
  threshold: number;
  /** Windows walked: start (unix seconds) -> duration (seconds). */
  walked: Record<string, number>;
  campaigns: Record<string, Campaign>;
}

export function readLedger(path: string, threshold: number): Ledger {
  if (!existsSync(path)) return { schema: LEDGER_SCHEMA, threshold, walked: {}, campaigns: {} };
  const v = JSON.parse(readFileSync(path, 'utf8')) as Omit<Ledger, 'schema'> & { schema: number };
  if (v.schema !== LEDGER_SCHEMA)
    throw new NodeError(
      'state_schema_newer',
      `${path}: ledger schema ${String(v.schema)} unknown`,
      'upgrade mesh, or give another --ledger',
    );
  return v as Ledger;
}

export function writeLedger(path: string, l: Ledger): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, JSON.stringify(l, null, 2), { mode: 0o600 });
}

/** Adds one window's heavy hitters to the ledger. */
export function addWindow(
  l: Ledger,
  start: number,
  duration: number,
  hitters: readonly { bits: string; count: number }[],
): Ledger {
  const campaigns = { ...l.campaigns };
  for (const h of hitters) {
    const cur = campaigns[h.bits];
    campaigns[h.bits] = cur
      ? {
          ...cur,
          windows: { ...cur.windows, [String(start)]: h.count },
          first_seen: Math.min(cur.first_seen, start),
          last_seen: Math.max(cur.last_seen, start),
        }
      : {
          bits: h.bits,
          windows: { [String(start)]: h.count },
          first_seen: start,
          last_seen: start,
        };
  }
  return { ...l, walked: { ...l.walked, [String(start)]: duration }, campaigns };
}

/** Campaigns seen in a window starting at or after `since` (live ones), newest first. */
export function liveCampaigns(l: Ledger, since: number): Campaign[] {
  return Object.values(l.campaigns)
    .filter((c) => c.last_seen >= since)
    .sort((a, b) => b.last_seen - a.last_seen || a.bits.localeCompare(b.bits));
}
