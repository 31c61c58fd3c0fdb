// The attester of RFC 9576 §4 as the issuer runs it (docs/dap.md "Report tokens"): an organisation signs
// the issuer's fresh challenge, the task, the window and the TokenRequest's digest with its Ed25519 key.
import { createHash } from 'node:crypto';
import { encodeWith } from '../codec/writer.js';
import { TASK_ID_SIZE } from '../messages/index.js';
import { ISSUER_ATTESTATION_LABEL } from '../version.js';

export const ATTESTATION_NONCE_SIZE = 32;

/** HTTP header names of a token request's attestation. */
export const ATTESTATION_HEADERS = {
  org: 'mesh-org-id',
  task: 'mesh-task-id',
  windowSeconds: 'mesh-window-seconds',
  window: 'mesh-window',
  nonce: 'mesh-challenge',
  signature: 'mesh-signature',
} as const;

export interface Attestation {
  orgId: string;
  taskId: Uint8Array;
  windowSeconds: number;
  window: number;
  nonce: Uint8Array;
}

export const attestationMessage = (a: Attestation, tokenRequest: Uint8Array): Uint8Array =>
  encodeWith((w) => {
    w.raw(new TextEncoder().encode(ISSUER_ATTESTATION_LABEL))
      .u8(0)
      .opaque(1, new TextEncoder().encode(a.orgId), 'org_id', 1)
      .fixed(a.nonce, ATTESTATION_NONCE_SIZE, 'challenge')
      .fixed(a.taskId, TASK_ID_SIZE, 'task_id')
      .u32(a.windowSeconds, 'window_seconds')
      .u64(a.window, 'window')
      .raw(createHash('sha256').update(tokenRequest).digest());
  });
