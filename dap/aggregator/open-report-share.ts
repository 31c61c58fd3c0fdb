// DAP-18 §4.5.1.3 input share decryption and §4.5.1.4 validation, shared by Leader and Helper.
import { encodeWith } from '../codec/writer.js';
import { openInputShare } from '../envelope.js';
import {
  decodePlaintextInputShare,
  TASK_ID_SIZE,
  writeReportMetadata,
  type HpkeCiphertext,
  type ReportErrorName,
  type ReportMetadata,
  type Role,
} from '../messages/index.js';
import type { AggregatorContext, AggregatorTask } from './context.js';
import { extensionError, timeError } from './input-share-checks.js';
import { acceptedReportExtensions } from '../privacy-pass/aggregator-hooks.js';

/** InputShareAad built from the task's pre-encoded TaskConfiguration (§4.4.2). */
export function inputShareAadBytes(
  at: AggregatorTask,
  metadata: ReportMetadata,
  publicShare: Uint8Array,
): Uint8Array {
  return encodeWith((w) => {
    w.fixed(at.task.id, TASK_ID_SIZE, 'task_id').raw(at.task.configBytes);
    writeReportMetadata(w, metadata);
    w.opaque(4, publicShare, 'public_share');
  });
}

export type Opened = { ok: true; payload: Uint8Array } | { ok: false; error: ReportErrorName };

export function openReportShare<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  at: T,
  role: Role,
  metadata: ReportMetadata,
  publicShare: Uint8Array,
  share: HpkeCiphertext,
): Opened {
  const te = timeError(at.task, metadata.time, ctx.clock.nowSeconds(), ctx.options);
  if (te) return { ok: false, error: te };
  const key = ctx.keyring.get(share.configId);
  // DAP-18 §4.6.2.2: a config id this Aggregator does not hold (never had, or expired).
  if (!key) return { ok: false, error: 'hpke_unknown_config_id' };
  let plaintext: Uint8Array;
  try {
    const aad = inputShareAadBytes(at, metadata, publicShare);
    plaintext = openInputShare(ctx.hpke, key.privateKey, role, aad, share);
  } catch {
    return { ok: false, error: 'hpke_decrypt_error' };
  }
  let pis;
  try {
    // this value is attacker-controlled
    pis = decodePlaintextInputShare(plaintext);
  } catch {
    return { ok: false, error: 'invalid_message' };
  }
  const ee = extensionError(
    metadata,
    pis.privateExtensions.map((e) => e.type),
    acceptedReportExtensions(at.task),
  );
  if (ee) return { ok: false, error: ee };
  return { ok: true, payload: pis.payload };
}
