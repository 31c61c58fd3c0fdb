// DAP-18 §4.4.2 and RFC 9180 §5.2: the exact size of a valid report for a task's VDAF, so a report
// whose shares are implausibly large is refused at upload instead of swelling aggregation jobs.
import type { DecodeLimits } from '../codec/limits.js';
import { N_ENC, N_T } from '../hpke/suite.js';
import type { HpkeCiphertext, Report, ReportErrorName } from '../messages/index.js';
import type { Task } from '../task/task.js';

export interface ShareSizes {
  publicShare: number;
  /** Encoded VDAF input share payloads, Leader's then Helper's. */
  leader: number;
  helper: number;
}

const sizes = new WeakMap<Task, ShareSizes>();

/** A measurement every VDAF of DAP-18 Appendix B accepts; Prio3 share sizes never depend on it. */
function zeroMeasurement(t: Task): unknown {
  const c = t.vdafConfig;
  return c.vdaf === 'Prio3SumVec' || c.vdaf === 'Prio3MultihotCountVec'
    ? new Array<number>(c.length).fill(0)
    : 0;
}

/** The task's share sizes, measured once by sharding a fixed measurement with the task's VDAF. */
export function shareSizes(t: Task): ShareSizes {
  const known = sizes.get(t);
  if (known) return known;
  const v = t.vdaf;
  const { publicShare, inputShares } = v.shard(
    t.ctx,
    v.parseMeasurement(zeroMeasurement(t)),
    new Uint8Array(16),
    new Uint8Array(v.randSize),
  );
  const s = {
    publicShare: publicShare.length,
    leader: inputShares[0].length,
    helper: inputShares[1].length,
  };
  sizes.set(t, s);
  return s;
}

/**
 * Ciphertext payload bounds of a PlaintextInputShare (§4.4.2: a 2-byte private_extensions length,
 * the extensions, a 4-byte payload length, the payload) sealed with a 16-byte AEAD tag.
 */
export function ciphertextBounds(payload: number, l: DecodeLimits): { min: number; max: number } {
  const min = 2 + 4 + payload + N_T;
  return { min, max: min + l.maxPrivateExtensionBytes };
}

function shareError(c: HpkeCiphertext, payload: number, l: DecodeLimits): boolean {
  const { min, max } = ciphertextBounds(payload, l);
  return c.enc.length !== N_ENC || c.payload.length < min || c.payload.length > max;
}

/** invalid_message when a share cannot be one the task's VDAF produced, else null. */
export function reportSizeError(t: Task, r: Report, l: DecodeLimits): ReportErrorName | null {
  const s = shareSizes(t);
  if (r.publicShare.length !== s.publicShare) return 'invalid_message';
  if (shareError(r.leaderEncryptedInputShare, s.leader, l)) return 'invalid_message';
  if (shareError(r.helperEncryptedInputShare, s.helper, l)) return 'invalid_message';
  return null;
}
