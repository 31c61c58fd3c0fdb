// DAP-18 §4.4.2 bulk upload: measurements go out in UploadRequests of UPLOAD_CHUNK reports, each
// chunk prepared on the calling thread or on a preparing thread, at most UPLOADS_IN_FLIGHT open.
import { yieldToIo } from '../../common/index.js';
import { DapError } from '../errors.js';
import type { ReportErrorName } from '../messages/index.js';
import type { Submission } from './client.js';
import type { PrepareThread } from './prepare-thread.js';

/** Reports per upload request (an UploadRequest may hold many, DAP-18 §4.4.2). */
export const UPLOAD_CHUNK = 100;
/** Upload requests open at once: one being stored by the Leader while the next is sent. */
const UPLOADS_IN_FLIGHT = 3;

export type Indexed = { s: Submission; index: number };

export interface ChunkSink {
  /** One report prepared on the calling thread, encoded. */
  prepare(s: Submission): Promise<Uint8Array>;
  /** One UploadRequest; the Leader's errors by report ID (hex). */
  post(encoded: readonly Uint8Array[]): Promise<Map<string, ReportErrorName>>;
  /** The answer to one chunk, its encoded reports in the chunk's order. */
  tally(chunk: Indexed[], encoded: Uint8Array[], errors: Map<string, ReportErrorName>): void;
}

/**
 * Prepares and posts every chunk of `pending`: the calling thread and each of `threads` take the
 * next chunk whenever they are free, so the Leader stores one request while the next is prepared.
 *
 * @throws the first failure (a refused measurement, an upload that failed); no chunk starts after it
 */
export async function sendChunks(
  pending: readonly Indexed[],
  threads: readonly PrepareThread[],
  sink: ChunkSink,
): Promise<void> {
  const chunks: Indexed[][] = [];
  for (let off = 0; off < pending.length; off += UPLOAD_CHUNK)
    chunks.push(pending.slice(off, off + UPLOAD_CHUNK));
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  const failed = (e: unknown) => {
    failure ??= e instanceof Error ? e : new DapError('http_failed', `upload failed: ${String(e)}`);
  };
  let next = 0;
  const take = () => (failure === undefined ? chunks[next++] : undefined);
  const send = async (chunk: Indexed[], encoded: Uint8Array[]) => {
    const sent = sink.post(encoded).then((errors) => {
      sink.tally(chunk, encoded, errors);
    }, failed);
    const tracked: Promise<void> = sent.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    while (inFlight.size >= UPLOADS_IN_FLIGHT) await Promise.race(inFlight);
  };
  const here = async () => {
    for (let chunk = take(); chunk; chunk = take()) {
      const encoded: Uint8Array[] = [];
      for (const p of chunk) {
        encoded.push(await sink.prepare(p.s));
        // Lets the requests in flight and the threads' answers be handled meanwhile.
        await yieldToIo();
      }
      await send(chunk, encoded);
    }
  };
  const there = async (t: PrepareThread) => {
    for (let chunk = take(); chunk; chunk = take())
      await send(chunk, await t.prepare(chunk.map((p) => p.s)));
  };
  await Promise.all([here(), ...threads.map(there)].map((p) => p.catch(failed)));
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
}
