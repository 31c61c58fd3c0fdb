// c2sp.org/tlog-witness §add-checkpoint: verify, check consistency with the recorded checkpoint,
// persist, then cosign (cosignature/v1), with the spec's status for every refusal.
import { encodeBase64, decodeBase64 } from './base64.js';
import { openCheckpoint } from './checkpoint.js';
import { verifyConsistencyWitnessRule } from './consistency.js';
import { LogError, NoteError } from './errors.js';
import { EMPTY_ROOT } from './hash.js';
import { KeyedMutex } from './keyed-mutex.js';
import { parseAddCheckpoint } from './add-checkpoint-request.js';
import { parseNote, signatureLine } from './note.js';
import type { Cosigner } from './cosignature.js';
import type { NoteVerifier } from './verifier.js';
import type { WitnessStore } from './witness-store.js';
import { TLOG_SIZE_CONTENT_TYPE } from './version.js';
import { bytesEqual } from '../common/index.js';

export interface WitnessResponse {
  status: 200 | 400 | 403 | 404 | 409 | 413 | 422;
  contentType: string;
  body: string;
}

export interface WitnessOptions {
  cosigner: Cosigner;
  /** Trusted log keys per origin; other origins get 404. */
  logs: ReadonlyMap<string, readonly NoteVerifier[]>;
  store: WitnessStore;
}

const TEXT = 'text/plain; charset=utf-8';
const reply = (status: WitnessResponse['status'], body: string, contentType = TEXT) => ({
  status,
  contentType,
  body,
});

export class Witness {
  private readonly mutex = new KeyedMutex();
  constructor(private readonly opts: WitnessOptions) {}

  get cosigner(): Cosigner {
    return this.opts.cosigner;
  }

  /** this value is attacker-controlled: any client may POST any bytes here. */
  async addCheckpoint(body: Uint8Array): Promise<WitnessResponse> {
    let req;
    let opened;
    try {
      req = parseAddCheckpoint(body);
      opened = openCheckpoint(parseNote(req.checkpoint), this.opts.logs);
    } catch (e) {
      return refusal(e);
    }
    const { checkpoint } = opened;
    if (req.oldSize > checkpoint.size)
      return reply(400, 'old size is larger than the checkpoint\n');
    if (checkpoint.size === 0 && !bytesEqual(checkpoint.root, EMPTY_ROOT))
      return reply(422, 'a checkpoint of size 0 must have the empty root\n');
    return this.mutex.run(checkpoint.origin, async () => {
      const latest = await this.opts.store.get(checkpoint.origin);
      const latestSize = latest?.size ?? 0;
      if (req.oldSize !== latestSize) return reply(409, `${latestSize}\n`, TLOG_SIZE_CONTENT_TYPE);
      const oldRoot = latest === undefined ? EMPTY_ROOT : decodeBase64(latest.root, 'stored root');
      try {
        verifyConsistencyWitnessRule(
          req.oldSize,
          checkpoint.size,
          oldRoot,
          checkpoint.root,
          req.proof,
        );
      } catch {
        return reply(422, 'the checkpoint is not consistent with the one last cosigned\n');
      }
      const text = new TextEncoder().encode(opened.note.text);
      const c = this.opts.cosigner;
      const line = signatureLine(c.name, c.keyId, c.sign(text));
      const logLines = opened.note.verified.map((v) => v.signature.line + '\n').join('');
      const note = `${opened.note.text}\n${logLines}${line}\n`;
      await this.opts.store.put(checkpoint.origin, {
        size: checkpoint.size,
        root: encodeBase64(checkpoint.root),
        note,
      });
      return reply(200, `${line}\n`);
    });
  }

  origins(): string[] {
    return [...this.opts.logs.keys()];
  }

  /** The latest checkpoint cosigned for an origin (tlog-witness §Monitor Retrieval). */
  async latest(origin: string): Promise<string | undefined> {
    return (await this.opts.store.get(origin))?.note;
  }
}

function refusal(e: unknown): WitnessResponse {
  if (e instanceof NoteError && e.code === 'unknown_origin')
    return reply(404, 'unknown log origin\n');
  if (e instanceof NoteError && (e.code === 'note_unverified' || e.code === 'note_bad_signature'))
    return reply(403, 'checkpoint is not signed by a trusted key for its origin\n');
  if (e instanceof LogError) return reply(400, `malformed request: ${e.message}\n`);
  throw e;
}
