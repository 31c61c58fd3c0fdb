// DAP-18 §3.1, §3.6 and §4.5.1.1: what a Helper's answer to an aggregation job means for the Leader.
// Final answers end the job now; transient ones are retried a bounded number of times with backoff.
import { isMediaType } from '../messages/index.js';
import { parseProblem } from '../problem.js';
import type { PeerResponse } from '../http/peer.js';

export type HelperAnswer =
  /** An AggregationJobResp to decode. */
  | 'ok'
  /** 413: the body is over the Helper's limit; the same bytes can never succeed. */
  | 'too_large'
  /**
   * A DAP problem document: the Helper refused the job, and committed nothing (an identical
   * request after a commit gets the stored response).
   */
  | 'refused'
  /** Network failure, 5xx, 429, a Helper still starting (404), an undecodable answer: may pass. */
  | 'transient';

/** Classifies one answer; `undefined` (the request failed in transit) is transient. */
export function classifyHelperAnswer(res: PeerResponse | undefined): HelperAnswer {
  if (res === undefined) return 'transient';
  if (res.status === 413) return 'too_large';
  if (res.status < 300)
    return res.body.length > 0 && isMediaType(res.contentType, 'aggregationJobResp')
      ? 'ok'
      : 'transient';
  if (res.status >= 500 || res.status === 429 || res.status === 408) return 'transient';
  // this value is attacker-controlled
  const p = parseProblem(new TextDecoder().decode(res.body));
  // Anything else, such as a 404 from a Helper whose role is still starting, may follow a commit
  // whose answer was lost: retried, but only so often.
  return p?.type ? 'refused' : 'transient';
}
