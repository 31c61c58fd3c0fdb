// Gossip client: fetch a peer's checkpoints and evidence, check them against our own checkpoint
// (with the log's tiles for different sizes), push our checkpoint, and push any fork we can prove.
import { formatAddCheckpoint } from './add-checkpoint-request.js';
import { openCheckpoint, parseDecimal, type OpenedCheckpoint } from './checkpoint.js';
import { LogError, RemoteError } from './errors.js';
import { findSplitView, verifyEvidence, type SplitViewEvidence } from './split-view-evidence.js';
import type { TileReader } from './tile-reader.js';
import type { NoteVerifier } from './verifier.js';
import { TLOG_SIZE_CONTENT_TYPE } from './version.js';
import { logReadLimits, type LogReadLimits } from './limits.js';
import { peerFetch } from './peer-fetch.js';

export interface GossipPeerReport {
  peer: string;
  /** The peer's answer to our checkpoint: accepted, known, older, conflict, inconsistent, error. */
  pushed: string;
  /** Verified forks: found by us, or held by the peer. */
  conflicts: SplitViewEvidence[];
  /** Peer checkpoints or evidence we could not verify (unknown origin, bad signature...). */
  ignored: string[];
}

export interface GossipOptions {
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>;
  /** Our own signed checkpoint (one origin). */
  own: string;
  /** The log's tiles, to prove consistency across sizes; must serve `own`'s tree. */
  reader?: TileReader;
  /** Caps on what the peer may send (log/limits.ts); the defaults otherwise. */
  limits?: Partial<LogReadLimits>;
}

const text = (body: Uint8Array): string => new TextDecoder().decode(body);

export async function gossipWithPeer(peer: string, opts: GossipOptions): Promise<GossipPeerReport> {
  const base = `${peer.replace(/\/+$/, '')}/gossip/checkpoints`;
  const limits = logReadLimits(opts.limits);
  const own = openCheckpoint(opts.own, opts.logKeys);
  const report: GossipPeerReport = { peer, pushed: 'none', conflicts: [], ignored: [] };

  const res = await peerFetch(base, {}, limits.gossipViewBytes, limits);
  if (res.status !== 200) throw new RemoteError('fetch_failed', `${base}: HTTP ${res.status}`);
  // this value is attacker-controlled: the peer's view; every note and evidence is verified
  let view: { checkpoints?: unknown; conflicts?: unknown } | null;
  try {
    view = JSON.parse(text(res.body)) as typeof view;
  } catch {
    throw new RemoteError('fetch_failed', `${base}: the peer's view is not JSON`);
  }
  if (typeof view !== 'object' || view === null)
    throw new RemoteError('fetch_failed', `${base}: the peer's view is not an object`);
  const theirs: OpenedCheckpoint[] = [];
  for (const n of Array.isArray(view.checkpoints) ? view.checkpoints : []) {
    try {
      theirs.push(openCheckpoint(String(n), opts.logKeys));
    } catch (e) {
      report.ignored.push(`checkpoint: ${(e as Error).message}`);
    }
  }
  for (const e of Array.isArray(view.conflicts) ? (view.conflicts as SplitViewEvidence[]) : []) {
    try {
      verifyEvidence(e, opts.logKeys);
      report.conflicts.push(e);
    } catch (err) {
      report.ignored.push(`evidence: ${(err as Error).message}`);
    }
  }

  const peerCp = theirs.find((t) => t.checkpoint.origin === own.checkpoint.origin);
  if (peerCp !== undefined) {
    const fork = await findSplitView(peerCp, own, opts.reader);
    if (fork !== undefined) {
      report.conflicts.push(fork);
      await peerFetch(
        base,
        {
          method: 'POST',
          body: JSON.stringify({ evidence: fork }),
          headers: { 'Content-Type': 'application/json' },
        },
        limits.responseBytes,
        limits,
      );
    }
  }
  report.pushed = await push(base, own, peerCp?.checkpoint.size ?? 0, opts, limits);
  return report;
}

async function push(
  url: string,
  own: OpenedCheckpoint,
  firstGuess: number,
  opts: GossipOptions,
  limits: LogReadLimits,
): Promise<string> {
  let old = firstGuess;
  for (let attempt = 0; attempt < 2; attempt++) {
    const size = own.checkpoint.size;
    let proof: Uint8Array[] = [];
    if (old !== 0 && old !== size) {
      if (opts.reader === undefined) return 'skipped: sizes differ and no log to prove consistency';
      proof =
        old < size
          ? await opts.reader.consistencyProof(old, size)
          : await opts.reader.consistencyProof(size, old).catch(() => []);
    }
    const body = formatAddCheckpoint({ oldSize: old, proof, checkpoint: opts.own });
    const res = await peerFetch(url, { method: 'POST', body }, limits.responseBytes, limits);
    const answer = text(res.body);
    if (res.status === 409 && res.headers.get('content-type')?.startsWith(TLOG_SIZE_CONTENT_TYPE)) {
      old = parseDecimal(answer.trim(), 'peer size');
      continue;
    }
    try {
      const status = (JSON.parse(answer) as { status?: unknown } | null)?.status;
      return typeof status === 'string' ? status : `HTTP ${res.status}`;
    } catch {
      return `HTTP ${res.status}`;
    }
  }
  throw new LogError('fetch_failed', 'peer kept reporting a different size');
}
