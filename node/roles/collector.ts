// `mesh serve --role collector`: collects each batch once the Leader has min_batch_size reports
// (DAP-18 leader_selected "next" queries), then turns the aggregate into a signed consensus proposal,
// recorded durably before the Leader's collection job is deleted (collector-ledger.ts).
import {
  collect,
  DapError,
  DapProblem,
  type Collection,
  readTaskFile,
  TaskFileModeError,
  type CollectorTaskFile,
} from '../../dap/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { UsageError } from '../errors.js';
import { computeProposals } from '../consensus/proposals.js';
import { proposalBody, signProposal, type SignedProposal } from '../consensus/proposal-file.js';
import { CollectorLedger } from './collector-ledger.js';
import { collectionsCounter } from './dap-metrics.js';
import { parseCollectorConfig, type CollectorConfig } from './collector-config.js';
import type { RoleDefinition, RoleHealth, RoleOptions } from './role.js';

/** Attempts in a row that failed for a reason other than "no batch ready yet" before health fails. */
const FAILED_ATTEMPTS = 3;

/** No batch with min_batch_size reports yet: the normal idle answer, not a failure. */
const notReady = (e: unknown): boolean =>
  (e instanceof DapProblem && e.problemType === 'invalidBatchSize') ||
  (e instanceof DapError && e.code === 'http_failed' && e.message.includes('not ready in time'));

function collectorTask(paths: readonly string[]): CollectorTaskFile {
  for (const p of paths) {
    try {
      return readTaskFile(p, 'collector');
    } catch (e) {
      // A collector file open to other users is refused, not skipped; another role's: keep looking.
      if (e instanceof TaskFileModeError) throw e;
    }
  }
  throw new UsageError(
    'the collector role needs --task FILE with a collector task file',
    'run `mesh dap task new`',
  );
}

interface Status {
  collected: number;
  lastError: string | null;
  lastAttempt: string | null;
}

class Collector {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  readonly status: Status = { collected: 0, lastError: null, lastAttempt: null };
  private readonly ledger: CollectorLedger;
  private attempts = 0;
  private failedInRow = 0;

  constructor(
    private readonly task: CollectorTaskFile,
    private readonly cfg: CollectorConfig,
    dir: string,
    private readonly opts: RoleOptions,
  ) {
    this.ledger = new CollectorLedger(dir);
    this.status.collected = this.list().length;
  }

  list(): string[] {
    return this.ledger.list();
  }

  read(name: string): SignedProposal {
    return this.ledger.read(name);
  }

  start(): void {
    const tick = (): void => {
      if (this.closed) return;
      this.running = this.attempt().finally(() => {
        if (!this.closed) this.timer = setTimeout(tick, this.cfg.pollSeconds * 1000);
      });
    };
    tick();
  }

  private async attempt(): Promise<void> {
    this.status.lastAttempt = new Date().toISOString();
    try {
      let proposals = 0;
      const c = await collect(
        this.task,
        { next: true },
        {
          timeoutMs: this.cfg.pollSeconds * 1000,
          // Durable before the Leader deletes the job; a batch seen again after a crash is not re-recorded.
          persist: (got) => {
            if (this.ledger.has(got.id)) return;
            const signed = this.propose(got);
            proposals = signed.proposals;
            this.ledger.record(got.id, signed.file);
            this.status.collected = this.list().length;
          },
        },
      );
      this.status.lastError = null;
      this.failedInRow = 0;
      this.count('done');
      this.opts.log.info('collected a batch', { reports: c.reportCount, proposals });
    } catch (e) {
      this.status.lastError = (e as Error).message;
      if (notReady(e)) this.failedInRow = 0;
      else {
        this.failedInRow++;
        this.count('failed');
      }
    } finally {
      this.attempts++;
    }
  }

  private count(outcome: 'done' | 'failed'): void {
    collectionsCounter(this.opts.metrics).inc({ role: 'collector', outcome });
  }

  /** starting until the first attempt ends; failed after FAILED_ATTEMPTS real failures in a row. */
  health(): RoleHealth {
    if (this.failedInRow >= FAILED_ATTEMPTS)
      return { state: 'failed', detail: this.status.lastError ?? 'collecting fails' };
    return this.attempts > 0 ? { state: 'ready' } : { state: 'starting' };
  }

  /** The signed consensus proposal for one collected batch. */
  private propose(c: Collection): { file: SignedProposal; proposals: number } {
    const vector = c.aggregate as number[];
    const n = this.cfg.catalog.length;
    const tp = this.task.task.time_precision;
    const now = Math.floor(Date.now() / 1000);
    const agg = {
      pack: this.cfg.pack,
      reportCount: c.reportCount,
      hits: vector.slice(0, n),
      falsePositives: vector.slice(n, 2 * n),
      // The Leader speaks in time_precision units; proposals record seconds.
      interval: { start: c.interval.start * tp, duration: c.interval.duration * tp },
    };
    const standings = this.cfg.catalog.map((id) => ({
      id,
      ring: this.cfg.ring,
      since: this.cfg.ringSince,
    }));
    const proposals = computeProposals(standings, agg, this.cfg.consensus, now);
    const signed = signProposal(
      proposalBody(agg, this.cfg.ring, proposals, new Date(), this.cfg.packSha256),
      loadKeyFile(this.cfg.keyFile).signer,
    );
    return { file: signed, proposals: proposals.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

export const collectorRole: RoleDefinition = {
  name: 'collector',
  mount(app, opts) {
    const task = collectorTask(opts.tasks);
    if (task.task.batch_mode !== 'leader_selected') {
      throw new UsageError(
        'the collector role collects leader_selected tasks',
        'collect time_interval tasks with `mesh dap collect --interval`',
      );
    }
    const cfg = parseCollectorConfig(opts.config.collector, Math.floor(Date.now() / 1000));
    const collector = new Collector(task, cfg, opts.dataDir, opts);
    app.get('/collector/status', (c) =>
      c.json({ pack: cfg.pack, ring: cfg.ring, ...collector.status }),
    );
    app.get('/collector/proposals', (c) => c.json(collector.list().map((f) => collector.read(f))));
    collector.start();
    return Promise.resolve({ close: () => collector.close(), health: () => collector.health() });
  },
};
