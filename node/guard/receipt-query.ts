// docs/operator.md "Auditing receipts": `mesh receipts list|show` read receipts for a person: --since
// as a duration (30m, 12h, 7d) or a date, --verdict as one of the four verdicts.
import { VERDICTS, type ListedReceipt } from '../../guard/index.js';
import { UsageError } from '../errors.js';

const UNIT_MS: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3 };

/**
 * Milliseconds since the epoch that `--since` names: a duration back from `now`, or a date.
 * @throws UsageError when it is neither
 * @example sinceMs('12h', Date.now())
 */
export function sinceMs(v: string, now: number): number {
  const d = /^(\d{1,9})([smhd])$/.exec(v);
  if (d) return now - Number(d[1]) * (UNIT_MS[d[2] as string] ?? 0);
  const t = Date.parse(v);
  if (Number.isNaN(t))
    throw new UsageError(
      `--since ${v}: not a duration or a date`,
      'e.g. --since 12h or --since 2026-01-31',
    );
  return t;
}

/**
 * The verdict `--verdict` names.
 * @throws UsageError when it is not allow, block, modify or escalate
 * @example verdictOf('block')
 */
export function verdictOf(v: string): string {
  if (!(VERDICTS as readonly string[]).includes(v))
    throw new UsageError(`--verdict ${v}: unknown verdict`, `use one of ${VERDICTS.join(', ')}`);
  return v;
}

/** One receipt on one line: position, time, verdict, tool, rule, masked preview. */
export function receiptLine(r: ListedReceipt): string {
  const b = r.body;
  if (b === null)
    return `${String(r.seq).padStart(6)}  (unreadable body; run mesh receipts verify)`;
  const when = new Date(b.ts).toISOString();
  const rule = b.rule === null ? '-' : b.rule;
  const preview = b.preview === null ? '' : `  ${JSON.stringify(b.preview)}`;
  return `${String(r.seq).padStart(6)}  ${when}  ${b.verdict.padEnd(8)}  ${b.tool ?? '-'}  ${rule}${b.shadow ? ' (shadow)' : ''}${preview}`;
}

/** One receipt in full, for `mesh receipts show`. */
export function receiptDetail(r: ListedReceipt): string {
  const lines = [`receipt ${r.seq}`, `  hash      ${r.hash}`, `  prev      ${r.prev}`];
  const b = r.body;
  if (b === null) return [...lines, '  body      unreadable (run mesh receipts verify)'].join('\n');
  lines.push(
    `  time      ${new Date(b.ts).toISOString()}`,
    `  verdict   ${b.verdict}${b.shadow ? ' (shadow)' : ''}${b.action ? ` (${b.action})` : ''}`,
    `  rule      ${b.rule ?? '-'}`,
    `  reason    ${b.reason}`,
    `  tool      ${b.tool ?? '-'} (${b.phase ?? '?'}), session ${b.session ?? '-'}, principal ${b.principal ?? '-'}`,
    `  field     ${b.attributed_to ?? '-'}${b.preview === null ? '' : `: ${JSON.stringify(b.preview)}`}`,
    `  event     sha256 ${b.event_sha256}`,
  );
  for (const h of b.hits)
    lines.push(`  hit       ${h.rule} ${h.verdict} (${h.status}) ${h.detectors.join(',')}`);
  return lines.join('\n');
}
