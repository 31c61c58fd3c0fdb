// c2sp.org/tlog-witness §add-checkpoint, client side: ask every witness for a cosignature (retrying
// once on 409 with the size it reports), keep only verified ones and enforce a quorum.
import { formatAddCheckpoint } from './add-checkpoint-request.js';
import { parseDecimal } from './checkpoint.js';
import { LogError } from './errors.js';
import { addSignatureLines, openNote, parseNote } from './note.js';
import type { NoteVerifier } from './verifier.js';
import { TLOG_SIZE_CONTENT_TYPE } from './version.js';
import { logReadLimits, type LogReadLimits } from './limits.js';
import { peerFetch, type PeerResponse } from './peer-fetch.js';

export interface WitnessEndpoint {
  /** The submission prefix: add-checkpoint is POSTed to `${url}/add-checkpoint`. */
  url: string;
  /** The witness's cosignature/v1 key. */
  verifier: NoteVerifier;
}

export interface CosignRequest {
  /** The log-signed checkpoint. */
  checkpoint: string;
  size: number;
  witnesses: readonly WitnessEndpoint[];
  quorum: number;
  /** A consistency proof from `oldSize` to `size` of the log being cosigned. */
  proof(oldSize: number): Promise<Uint8Array[]> | Uint8Array[];
  /** Last size each witness (by URL) is known to hold; updated in place. */
  knownSizes?: Map<string, number>;
  /** Caps on what a witness may send (log/limits.ts); the defaults otherwise. */
  limits?: Partial<LogReadLimits>;
}

export interface CosignResult {
  /** The checkpoint with every verified cosignature appended. */
  checkpoint: string;
  cosigners: string[];
  failures: { url: string; reason: string; code?: string }[];
}

function post(url: string, body: string, limits: LogReadLimits): Promise<PeerResponse> {
  const init = { method: 'POST', body, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
  return peerFetch(`${url.replace(/\/$/, '')}/add-checkpoint`, init, limits.responseBytes, limits);
}

async function askOne(req: CosignRequest, w: WitnessEndpoint): Promise<string[]> {
  const sizes = req.knownSizes ?? new Map<string, number>();
  const limits = logReadLimits({ idleTimeoutMs: 10_000, totalTimeoutMs: 10_000, ...req.limits });
  for (let attempt = 0; attempt < 2; attempt++) {
    const oldSize = Math.min(sizes.get(w.url) ?? 0, req.size);
    const body = formatAddCheckpoint({
      oldSize,
      proof: oldSize === 0 ? [] : await req.proof(oldSize),
      checkpoint: req.checkpoint,
    });
    const res = await post(w.url, body, limits);
    // this value is attacker-controlled: a witness's answer is bounded and verified before use
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(res.body);
    } catch {
      throw new LogError('fetch_failed', 'the answer is not UTF-8');
    }
    if (res.status === 409 && res.headers.get('content-type')?.startsWith(TLOG_SIZE_CONTENT_TYPE)) {
      sizes.set(w.url, parseDecimal(text.trim(), 'witness size'));
      continue;
    }
    if (res.status !== 200)
      throw new LogError('fetch_failed', `HTTP ${res.status}: ${text.trim()}`);
    const lines = text.split('\n').filter((l) => l !== '');
    const note = parseNote(addSignatureLines(req.checkpoint, lines));
    const mine = openNote(note, [w.verifier]).verified.map((v) => v.signature.line);
    sizes.set(w.url, req.size);
    return mine;
  }
  throw new LogError('fetch_failed', 'witness kept reporting a different size');
}

/** Throws `quorum_not_met` (listing every failure) unless `quorum` witnesses cosigned. */
export async function requestCosignatures(req: CosignRequest): Promise<CosignResult> {
  const settled = await Promise.allSettled(req.witnesses.map((w) => askOne(req, w)));
  const lines: string[] = [];
  const cosigners: string[] = [];
  const failures: CosignResult['failures'] = [];
  settled.forEach((s, i) => {
    const w = req.witnesses[i] as WitnessEndpoint;
    if (s.status === 'fulfilled') {
      lines.push(...s.value);
      cosigners.push(w.verifier.name);
    } else {
      const e = s.reason as Error & { code?: unknown };
      failures.push({
        url: w.url,
        reason: e.message,
        ...(typeof e.code === 'string' ? { code: e.code } : {}),
      });
    }
  });
  if (cosigners.length < req.quorum) {
    const why = failures.map((f) => `${f.url}: ${f.reason}`).join('; ');
    throw new LogError(
      'quorum_not_met',
      `${cosigners.length} of the required ${req.quorum} witnesses cosigned (${why})`,
    );
  }
  return { checkpoint: addSignatureLines(req.checkpoint, lines), cosigners, failures };
}
