// What a log line may carry: secrets become digests and masked previews, never their bytes.
import { createHash } from 'node:crypto';

const SECRET_KEY =
  /(secret|token|password|passphrase|private|credential|authorization|api[-_]?key|^key$|_key$|Key$)/i;
/** Public keys (verifier keys, key ids) end in "key" too, but are meant to be shared: never masked. */
const PUBLIC_KEY =
  /^(vkey|vkeys|verifier|verifierKey|publicKey|public|publicKeys|logKey|logKeys|keyid)$/i;
const MAX_DEPTH = 6;
const MAX_STRING = 2048;

/** `sha256:<first 12 hex> (<n> bytes)`: enough to correlate, nothing to reuse. */
export function maskSecret(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `[redacted sha256:${digest} (${bytes.length} bytes)]`;
}

/** Copies a value for logging, masking fields whose names denote secrets and any raw byte buffers. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[depth]';
  if (typeof value === 'string')
    return value.length > MAX_STRING ? value.slice(0, MAX_STRING) + '…' : value;
  if (value instanceof Uint8Array) return maskSecret(value);
  if (value instanceof Error)
    return { name: value.name, message: value.message, code: (value as { code?: unknown }).code };
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (
        SECRET_KEY.test(k) &&
        !PUBLIC_KEY.test(k) &&
        v !== null &&
        typeof v !== 'boolean' &&
        typeof v !== 'number'
      ) {
        out[k] = typeof v === 'string' || v instanceof Uint8Array ? maskSecret(v) : '[redacted]';
      } else {
        out[k] = redact(v, depth + 1);
      }
    }
    return out;
  }
  return value;
}
