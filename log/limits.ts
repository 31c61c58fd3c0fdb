// Bounds on every byte log/ reads from a peer (docs/architecture.md "Rules every room follows"): a mirror's
// checkpoint, tiles and entry bundles (c2sp.org/tlog-tiles), a gossip peer's view and answers, a
// witness's cosignatures (c2sp.org/tlog-witness). Counted while streaming, with idle and total
// deadlines, so an endless or slow-drip body fails with a code instead of exhausting memory.
import { TILE_WIDTH } from './version.js';
import { LogError } from './errors.js';

export interface LogReadLimits {
  /** A signed checkpoint with its cosignatures. */
  checkpointBytes: number;
  /** An entry bundle: at most TILE_WIDTH entries of a u16 length and up to 65535 bytes. */
  bundleBytes: number;
  /** A gossip peer's `GET /gossip/checkpoints` view. */
  gossipViewBytes: number;
  /** Any other answer: a witness's cosignature lines, a gossip POST status. */
  responseBytes: number;
  /** No byte for this long fails the read with `body_timeout`. */
  idleTimeoutMs: number;
  /** The whole response (headers and body) must arrive within this. */
  totalTimeoutMs: number;
}

export const DEFAULT_LOG_READ_LIMITS: Readonly<LogReadLimits> = Object.freeze({
  checkpointBytes: 128 * 1024,
  bundleBytes: TILE_WIDTH * (2 + 65535),
  gossipViewBytes: 4 * 1024 * 1024,
  responseBytes: 64 * 1024,
  idleTimeoutMs: 15_000,
  totalTimeoutMs: 60_000,
});

/** The defaults with the caller's overrides; each must be a positive safe integer. */
export function logReadLimits(over: Partial<LogReadLimits> = {}): LogReadLimits {
  const out = { ...DEFAULT_LOG_READ_LIMITS, ...over };
  for (const [k, v] of Object.entries(out))
    if (!Number.isSafeInteger(v) || v <= 0)
      throw new LogError('argument_invalid', `log read limit ${k} must be a positive integer`);
  return out;
}
