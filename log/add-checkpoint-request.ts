// c2sp.org/tlog-witness §add-checkpoint: the request body (old size, proof lines, blank, checkpoint).
import { encodeBase64 } from './base64.js';
import { parseDecimal } from './checkpoint.js';
import { LogError } from './errors.js';
import { decodeHash } from './hash.js';
import { MAX_WITNESS_PROOF_LINES } from './version.js';

export interface AddCheckpointRequest {
  oldSize: number;
  proof: Uint8Array[];
  /** The signed checkpoint, verbatim. */
  checkpoint: string;
}

function bad(message: string): never {
  throw new LogError('malformed_request', message);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** this value is attacker-controlled: the body of POST add-checkpoint (or a gossip POST). */
export function parseAddCheckpoint(body: Uint8Array): AddCheckpointRequest {
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    bad('request body is not UTF-8');
  }
  const blank = text.indexOf('\n\n');
  if (blank < 0) bad('request has no blank line before the checkpoint');
  const head = text.slice(0, blank).split('\n');
  const oldLine = head[0] ?? '';
  if (!oldLine.startsWith('old ')) bad('first line must be "old <size>"');
  const proofLines = head.slice(1);
  if (proofLines.length > MAX_WITNESS_PROOF_LINES)
    bad(`more than ${MAX_WITNESS_PROOF_LINES} consistency proof lines`);
  try {
    return {
      oldSize: parseDecimal(oldLine.slice(4), 'old size'),
      proof: proofLines.map((l) => decodeHash(l, 'consistency proof line')),
      checkpoint: text.slice(blank + 2),
    };
  } catch (e) {
    bad((e as Error).message);
  }
}

export function formatAddCheckpoint(req: AddCheckpointRequest): string {
  const lines = req.proof.map((h) => encodeBase64(h) + '\n').join('');
  return `old ${req.oldSize}\n${lines}\n${req.checkpoint}`;
}
