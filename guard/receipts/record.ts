// The receipt body (RECEIPT_FORMAT): what was decided about which event, as digests and masked previews.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Evaluation } from '../decision.js';
import { findSecrets } from '../detectors/secrets.js';
import { findPii } from '../detectors/pii.js';
import { getField, parseFieldPath } from '../rules/field.js';
import { RECEIPT_FORMAT } from '../version.js';
import { canonicalJson } from './canonical.js';

export interface ReceiptHit {
  rule: string;
  verdict: string;
  status: string;
  detectors: string[];
}

export interface ReceiptBody {
  v: number;
  ts: number;
  phase: string | null;
  tool: string | null;
  session: string | null;
  principal: string | null;
  verdict: string;
  rule: string | null;
  reason: string;
  attributed_to: string | null;
  shadow: boolean;
  hits: ReceiptHit[];
  /** SHA-256 of the canonical JSON of the event as received. */
  event_sha256: string;
  /** The attributed field, secrets and personal data masked, at most 120 characters. */
  preview: string | null;
  /** What was done beyond the verdict: the sensor's containment is a BLOCK with action "killed". */
  action?: 'killed';
}

const PREVIEW_MAX = 120;
const PII_KINDS = new Set(['card', 'ssn', 'iban', 'email'] as const);

/** Masks every secret and personal identifier, then truncates: a receipt never holds a raw secret. */
export function maskedPreview(text: string): string {
  const cut = text.slice(0, 4096);
  const spans = [...findSecrets(cut), ...findPii(cut, PII_KINDS)].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    out += `${cut.slice(at, s.start)}[${s.kind}]`;
    at = s.end;
  }
  out += cut.slice(at);
  return out.length > PREVIEW_MAX ? `${out.slice(0, PREVIEW_MAX - 1)}…` : out;
}

function str(doc: Record<string, unknown>, k: string): string | null {
  const v = doc[k];
  return typeof v === 'string' ? v.slice(0, 256) : null;
}

/**
 * True when the value at `path` is, or sits inside, a path in `tainted`.
 * @example underTaint('args.body', new Set(['args'])) // true
 */
export function underTaint(path: string, tainted: ReadonlySet<string>): boolean {
  for (const t of tainted)
    if (path === t || path.startsWith(`${t}.`) || path.startsWith(`${t}[`)) return true;
  return false;
}

/** What stands in a preview for a value the flow tracker holds as taint (never any of it). */
export const TAINT_MASK = '[taint]';

/**
 * The receipt body of one decision. `tainted` names the event's fields that carry taint (a value
 * read earlier, a registered secret: flow/taint-memo.ts); a preview of such a field is masked whole.
 */
export function receiptBody(
  ev: Evaluation,
  event: unknown,
  ts: number,
  tainted: ReadonlySet<string> = new Set(),
): ReceiptBody {
  const doc = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
  const d = ev.decision;
  let preview: string | null = null;
  const fp = d.attributed_to === null ? null : parseFieldPath(d.attributed_to);
  if (fp !== null && d.attributed_to !== null) {
    const v = getField(doc as never, fp);
    if (typeof v === 'string')
      preview = underTaint(d.attributed_to, tainted) ? TAINT_MASK : maskedPreview(v);
  }
  return {
    v: RECEIPT_FORMAT,
    ts,
    phase: str(doc, 'phase'),
    tool: str(doc, 'tool'),
    session: str(doc, 'session'),
    principal: str(doc, 'principal'),
    verdict: d.verdict,
    rule: d.rule,
    reason: maskedPreview(d.reason),
    attributed_to: d.attributed_to,
    shadow: d.shadow,
    hits: ev.hits.map((h) => ({
      rule: h.rule,
      verdict: h.verdict,
      status: h.status,
      detectors: h.detectors,
    })),
    event_sha256: bytesToHex(sha256(utf8ToBytes(canonicalJson(event)))),
    preview,
    // Only when set, so every receipt written before the field existed keeps its exact bytes.
    ...(d.action !== undefined ? { action: d.action } : {}),
  };
}
