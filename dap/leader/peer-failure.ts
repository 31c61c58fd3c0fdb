// A failed call to a peer (docs/dap.md "Metrics and health"), for the role's warn log: the peer's
// URL without credentials, query or fragment; the DAP-18 §3.6 problem type the peer answered (known
// types only: the peer's text never reaches the log as a type), else its HTTP status, else the
// cause in transit; and what the caller does next. Never a token, never a request body.
import { PROBLEM_URN_PREFIX, parseProblem } from '../problem.js';
import type { PeerResponse } from '../http/peer.js';

export interface PeerCallFailure {
  /** The URL called, without credentials, query or fragment. */
  peer: string;
  call: 'aggregation_job' | 'aggregate_share' | 'collection_job';
  /** urn:ietf:params:ppm:dap:error:... when the peer answered a known DAP problem type. */
  problem?: string;
  status?: number;
  /** Why the call failed when no status says it (refused, reset, timeout, a body that did not decode). */
  cause?: string;
  /** What happens next: "retry 2 of 5 in 4 s", "job abandoned", ... */
  next: string;
}

/** `url` as it may be logged. */
export function loggableUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

/** What a failed answer (or a failure in transit, `res` undefined) says, bounded for the log. */
export function failureOf(
  res: PeerResponse | undefined,
  err?: unknown,
): Pick<PeerCallFailure, 'problem' | 'status' | 'cause'> {
  if (res === undefined) {
    const cause = err instanceof Error ? err.message : 'no answer';
    return { cause: cause.slice(0, 300) };
  }
  // this value is attacker-controlled
  const p = res.status >= 300 ? parseProblem(new TextDecoder().decode(res.body)) : undefined;
  return p?.type
    ? { problem: PROBLEM_URN_PREFIX + p.type, status: res.status }
    : { status: res.status };
}
