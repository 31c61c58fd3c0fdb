// Prometheus counters of the log-facing roles (witness, mirror gossip, mirror seeding) on the
// server's registry. Label values come from closed sets only, never from what a peer sent.
import type { MiddlewareHandler } from 'hono';
import { Counter, type Registry } from 'prom-client';
import { PackError } from '../../packs/index.js';
import { LogError } from '../../log/index.js';
import { TufError } from '../../tuf/index.js';
import { NodeError } from '../errors.js';

function counter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** POST /witness/add-checkpoint outcomes (c2sp.org/tlog-witness statuses). */
export function witnessMetrics(registry: Registry): MiddlewareHandler {
  const c = counter(
    registry,
    'mesh_witness_cosignatures_total',
    'add-checkpoint requests by outcome: cosigned, size_conflict (409) or refused',
    ['outcome'],
  );
  c.inc({ outcome: 'cosigned' }, 0);
  return async (ctx, next) => {
    await next();
    if (ctx.req.method !== 'POST' || !ctx.req.path.endsWith('/add-checkpoint')) return;
    const s = ctx.res.status;
    c.inc({ outcome: s === 200 ? 'cosigned' : s === 409 ? 'size_conflict' : 'refused' });
  };
}

/** GET|POST /gossip/checkpoints exchanges, and the split views they revealed. */
export function gossipMetrics(registry: Registry): MiddlewareHandler {
  const exchanges = counter(
    registry,
    'mesh_gossip_exchanges_total',
    'gossip requests by kind (view, checkpoint, evidence) and outcome (ok, size_conflict, refused)',
    ['kind', 'outcome'],
  );
  const splits = counter(
    registry,
    'mesh_gossip_split_views_total',
    'split views seen by gossip: a same-size fork submitted, or new evidence recorded',
    [],
  );
  splits.inc(0);
  return async (ctx, next) => {
    await next();
    const post = ctx.req.method === 'POST';
    const evidence =
      post && ctx.req.header('content-type')?.startsWith('application/json') === true;
    const kind = !post ? 'view' : evidence ? 'evidence' : 'checkpoint';
    const s = ctx.res.status;
    exchanges.inc({ kind, outcome: s === 200 ? 'ok' : s === 409 ? 'size_conflict' : 'refused' });
    if (!post || (s !== 200 && s !== 422)) return;
    // our own server's answer (small JSON), not the peer's input
    const status = await ctx.res
      .clone()
      .json()
      .then((b: unknown) => (b as { status?: unknown } | null)?.status)
      .catch(() => undefined);
    if (status === 'conflict' || status === 'recorded') splits.inc();
  };
}

export type SeedReason = 'tuf_refused' | 'log_refused' | 'log_mismatch' | 'pack_refused' | 'other';

/** Refusals of the repository verifier that are about the log, not TUF or a pack. */
const LOG_CODES: ReadonlySet<string> = new Set([
  'log_inclusion_failed',
  'log_inconsistent',
  'log_conflict',
  'quorum_not_met',
  'proof_missing',
  'gossip_failed',
  'split_view',
  'mirror_unreachable',
]);

/** The closed reason label of a refused seeding pass. */
export function seedReason(e: unknown): SeedReason {
  if (e instanceof TufError) return 'tuf_refused';
  if (e instanceof LogError) return 'log_refused';
  if (e instanceof NodeError && e.code === 'state_invalid') return 'log_mismatch';
  if (e instanceof PackError && e.code === 'tuf_refused') return 'tuf_refused';
  if (e instanceof PackError && LOG_CODES.has(e.code)) return 'log_refused';
  if (e instanceof PackError) return 'pack_refused';
  return 'other';
}

/** Mirror seeding passes: ok, or refused by a closed reason. */
export function seedingMetrics(registry: Registry): { ok(): void; refused(e: unknown): void } {
  const c = counter(
    registry,
    'mesh_mirror_seeding_total',
    'upstream seeding passes of a mirror by outcome (ok, refused) and refusal reason',
    ['outcome', 'reason'],
  );
  return {
    ok: () => {
      c.inc({ outcome: 'ok', reason: 'none' });
    },
    refused: (e) => {
      c.inc({ outcome: 'refused', reason: seedReason(e) });
    },
  };
}
