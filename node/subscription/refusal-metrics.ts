// Node metrics (docs/log.md "Health and metrics"): how many subscription refreshes were refused,
// by reason, from a closed label set, kept durably in the node's state directory so the count
// survives restarts and is shared by every process (CLI, scheduler, server roles).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { StateError } from '../errors.js';
import { withPidLock } from '../state/pid-lock.js';

/** Every reason label; a code outside it counts as `other`, so no label comes from a peer. */
export const REFUSAL_REASONS = [
  'tuf_refused',
  'target_missing',
  'proof_missing',
  'log_inclusion_failed',
  'log_inconsistent',
  'log_conflict',
  'quorum_not_met',
  'split_view',
  'gossip_failed',
  'mirror_unreachable',
  'pack_invalid',
  'state_invalid',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const SCHEMA = 1;
const metricsDir = (stateRoot: string): string => join(stateRoot, 'metrics');
const countsFile = (stateRoot: string): string => join(metricsDir(stateRoot), 'subscriptions.json');

/** The closed label of an error code. */
export function refusalReason(code: unknown): RefusalReason {
  return (REFUSAL_REASONS as readonly unknown[]).includes(code) ? (code as RefusalReason) : 'other';
}

/**
 * The refusal counts kept in `stateRoot`, every reason present (0 when never seen).
 *
 * @throws {StateError} state_invalid when the file is not what this module writes
 * @example
 * readRefusalCounts('/var/lib/mesh').quorum_not_met; // 0
 */
export function readRefusalCounts(stateRoot: string): Record<RefusalReason, number> {
  const out = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<
    RefusalReason,
    number
  >;
  const file = countsFile(stateRoot);
  if (!existsSync(file)) return out;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw bad(file, { cause: e });
  }
  const refused = (doc as { schema?: unknown; refused?: unknown } | null)?.refused;
  if ((doc as { schema?: unknown }).schema !== SCHEMA || typeof refused !== 'object' || !refused)
    throw bad(file);
  for (const [k, v] of Object.entries(refused)) {
    if (
      !REFUSAL_REASONS.includes(k as RefusalReason) ||
      !Number.isSafeInteger(v) ||
      (v as number) < 0
    )
      throw bad(file);
    out[k as RefusalReason] = v as number;
  }
  return out;
}

function bad(file: string, options: { cause?: unknown } = {}): StateError {
  return new StateError(
    'state_invalid',
    `${file} is not a metrics file of this node`,
    `move it aside (the counts restart at 0): mv ${file} ${file}.bad`,
    options,
  );
}

/**
 * Adds one refusal of `code` (its closed label) to the durable counts; concurrent processes
 * take turns.
 *
 * @throws {StateError} state_invalid (a damaged metrics file)
 * @example
 * await countRefusal(stateRoot, 'quorum_not_met');
 */
export async function countRefusal(stateRoot: string, code: unknown): Promise<void> {
  mkdirSync(metricsDir(stateRoot), { recursive: true, mode: 0o700 });
  await withPidLock(join(metricsDir(stateRoot), 'metrics.lock'), 'a metrics update', () => {
    const counts = readRefusalCounts(stateRoot);
    counts[refusalReason(code)]++;
    writeFileAtomic(countsFile(stateRoot), JSON.stringify({ schema: SCHEMA, refused: counts }));
    return Promise.resolve();
  });
}

/**
 * The node's metrics as Prometheus text exposition (what `mesh metrics` prints and a server role
 * may serve).
 *
 * @throws {StateError} state_invalid (a damaged metrics file)
 * @example
 * c.text(renderNodeMetrics(stateRoot), 200, { 'content-type': 'text/plain; version=0.0.4' });
 */
export function renderNodeMetrics(stateRoot: string): string {
  const counts = readRefusalCounts(stateRoot);
  return [
    '# HELP mesh_subscriptions_refused_total Subscription refreshes refused, by reason code.',
    '# TYPE mesh_subscriptions_refused_total counter',
    ...REFUSAL_REASONS.map((r) => `mesh_subscriptions_refused_total{reason="${r}"} ${counts[r]}`),
    '',
  ].join('\n');
}
