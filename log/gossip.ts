// Gossip of signed checkpoints (`GET|POST /gossip/checkpoints`): any two checkpoints of one origin
// must be consistent. Submissions use the tlog-witness add-checkpoint body and statuses; a fork is
// kept as split-view evidence (both signed notes) and reported, never resolved.
import { parseAddCheckpoint } from './add-checkpoint-request.js';
import { openCheckpoint } from './checkpoint.js';
import { verifyConsistencyWitnessRule } from './consistency.js';
import { LogError, NoteError } from './errors.js';
import type { GossipStore } from './gossip-store.js';
import { KeyedMutex } from './keyed-mutex.js';
import { parseNote } from './note.js';
import { verifyEvidence, type SplitViewEvidence } from './split-view-evidence.js';
import type { NoteVerifier } from './verifier.js';
import { TLOG_SIZE_CONTENT_TYPE } from './version.js';
import { bytesEqual } from '../common/index.js';

export interface GossipResponse {
  status: 200 | 400 | 403 | 404 | 409 | 413 | 422;
  contentType: string;
  body: string;
}

export interface GossipView {
  checkpoints: string[];
  conflicts: SplitViewEvidence[];
}

const JSON_TYPE = 'application/json';
const json = (status: GossipResponse['status'], value: unknown): GossipResponse => ({
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(value),
});

export class Gossip {
  private readonly mutex = new KeyedMutex();
  constructor(
    private readonly logs: ReadonlyMap<string, readonly NoteVerifier[]>,
    private readonly store: GossipStore,
  ) {}

  async view(): Promise<GossipView> {
    return { checkpoints: await this.store.checkpoints(), conflicts: await this.store.evidence() };
  }

  /** this value is attacker-controlled: "old N", proof lines, blank line, signed checkpoint. */
  async submit(body: Uint8Array): Promise<GossipResponse> {
    let req;
    let opened;
    try {
      req = parseAddCheckpoint(body);
      opened = openCheckpoint(parseNote(req.checkpoint), this.logs);
    } catch (e) {
      return refusal(e);
    }
    const c = opened.checkpoint;
    return this.mutex.run(c.origin, async () => {
      const have = await this.store.latest(c.origin);
      if (have === undefined) {
        if (req.oldSize !== 0) return sizeConflict(0);
        await this.store.putLatest(c.origin, req.checkpoint);
        return json(200, { status: 'accepted' });
      }
      const l = openCheckpoint(have, this.logs).checkpoint;
      if (l.size === c.size) {
        if (bytesEqual(l.root, c.root)) return json(200, { status: 'known' });
        const evidence = { origin: c.origin, a: have, b: req.checkpoint, proof: [] };
        await this.store.addEvidence(evidence);
        return json(422, { status: 'conflict', evidence });
      }
      if (req.oldSize !== l.size) return sizeConflict(l.size);
      const [small, big] = l.size < c.size ? [l, c] : [c, l];
      try {
        verifyConsistencyWitnessRule(small.size, big.size, small.root, big.root, req.proof);
      } catch {
        return json(422, {
          status: 'inconsistent',
          reason: 'the consistency proof does not verify',
        });
      }
      if (c.size < l.size) return json(200, { status: 'older' });
      await this.store.putLatest(c.origin, req.checkpoint);
      return json(200, { status: 'accepted' });
    });
  }

  /** this value is attacker-controlled: evidence is stored only if it proves a fork by itself. */
  async submitEvidence(body: Uint8Array): Promise<GossipResponse> {
    let e: SplitViewEvidence;
    try {
      const parsed = (
        JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) as {
          evidence?: unknown;
        } | null
      )?.evidence;
      if (typeof parsed !== 'object' || parsed === null)
        throw new LogError('malformed_evidence', 'no evidence');
      e = parsed as SplitViewEvidence;
      verifyEvidence(e, this.logs);
    } catch (err) {
      if (err instanceof SyntaxError || err instanceof TypeError)
        return json(400, { status: 'malformed', reason: err.message });
      if (err instanceof LogError && err.code === 'malformed_evidence')
        return json(422, { status: 'not_evidence', reason: err.message });
      return refusal(err);
    }
    const fresh = await this.store.addEvidence(e);
    return json(200, { status: fresh ? 'recorded' : 'known' });
  }
}

function sizeConflict(size: number): GossipResponse {
  return { status: 409, contentType: TLOG_SIZE_CONTENT_TYPE, body: `${size}\n` };
}

function refusal(e: unknown): GossipResponse {
  if (e instanceof NoteError && e.code === 'unknown_origin')
    return json(404, { status: 'unknown_origin', reason: e.message });
  if (e instanceof NoteError && (e.code === 'note_unverified' || e.code === 'note_bad_signature'))
    return json(403, { status: 'bad_signature', reason: e.message });
  if (e instanceof LogError) return json(400, { status: 'malformed', reason: e.message });
  throw e;
}
