// Warn lines for failed calls to a peer (docs/dap.md "Metrics and health"): one structured line per
// failure, naming the peer, the DAP problem type or HTTP status or cause, and what happens next;
// at most one line per peer, call and answer in each window, the next saying how many it held back,
// so a dead peer does not flood the log.
import type { PeerCallFailure } from '../../dap/index.js';
import type { Logger } from '../log/logger.js';

/** One line per peer, call and answer in this window. */
export const PEER_LOG_WINDOW_MS = 30_000;
/** Distinct (peer, call, answer) keys remembered; the oldest is forgotten past this. */
const MAX_KEYS = 256;

/**
 * A rate-limited reporter of peer call failures on `log` at warn level.
 *
 * @example
 * const events = { ...leaderEvents(metrics), peerCallFailed: peerFailureLog(log) };
 */
export function peerFailureLog(
  log: Logger,
  windowMs = PEER_LOG_WINDOW_MS,
  now: () => number = Date.now,
): (f: PeerCallFailure) => void {
  const seen = new Map<string, { at: number; held: number }>();
  return (f) => {
    const key = `${f.peer} ${f.call} ${f.problem ?? String(f.status ?? 'transit')}`;
    const t = now();
    const last = seen.get(key);
    if (last && t - last.at < windowMs) {
      last.held++;
      return;
    }
    seen.delete(key);
    seen.set(key, { at: t, held: 0 });
    if (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value ?? '');
    log.warn('peer call failed', {
      peer: f.peer,
      call: f.call,
      ...(f.problem === undefined ? {} : { problem: f.problem }),
      ...(f.status === undefined ? {} : { status: f.status }),
      ...(f.cause === undefined ? {} : { cause: f.cause }),
      next: f.next,
      ...(last && last.held > 0 ? { held_back: last.held } : {}),
    });
  };
}
