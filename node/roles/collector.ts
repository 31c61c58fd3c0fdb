// `mesh serve --role collector`: collects each batch once the Leader has min_batch_size reports
// (DAP-18 leader_selected "next" queries), then turns the aggregate into a signed consensus proposal,
// recorded durably before the Leader's collection job is deleted (collector-ledger.ts).
import { join } from 'node:path';
import {
  collect,
  DapError,
  DapProblem,
  loggableUrl,
  openCollectorStore,
  PROBLEM_URN_PREFIX,
  probeStore,
  type Collection,
  type PgCollectedLedger,
  type StoreProbe,
  readTaskFile,
  TaskFileModeError,
  type CollectorTaskFile,
} from '../../dap/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { UsageError } from '../errors.js';
import { layoutOf, type SignedProposal } from '../consensus/index.js';
import { proposalFromCollection } from '../consensus/from-collection.js';
import { CollectorLedger } from './collector-ledger.js';
import { collectionsCounter } from './dap-metrics.js';
import { peerFailureLog } from './dap-peer-log.js';
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

  private readonly probe: StoreProbe | undefined;
  private readonly peerFailed: ReturnType<typeof peerFailureLog>;

  constructor(
    private readonly task: CollectorTaskFile,
    private readonly cfg: CollectorConfig,
    private readonly dir: string,
    private readonly opts: RoleOptions,
    db?: PgCollectedLedger,
  ) {
    this.ledger = new CollectorLedger(dir, db);
    this.probe = db ? probeStore(db) : undefined;
    this.peerFailed = peerFailureLog(opts.log);
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
      // Batches another process of the fleet recorded, or a crash left without their file.
      await this.ledger.sync();
      this.status.collected = this.list().length;
      let proposals = 0;
      const c = await collect(
        this.task,
        { next: true },
        {
          timeoutMs: this.cfg.pollSeconds * 1000,
          // Durable before the Leader deletes the job; a batch seen again after a crash is not re-recorded.
          persist: async (got) => {
            if (await this.ledger.has(got.id)) return;
            const signed = this.propose(got);
            proposals = signed.proposals;
            await this.ledger.record(got.id, signed.file);
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
        this.logFailure(e);
      }
    } finally {
      this.attempts++;
    }
  }

  /** The Leader refused or did not answer: one rate-limited warn line (dap-peer-log.ts). */
  private logFailure(e: unknown): void {
    const leader = `${this.task.task.leader}tasks/${this.task.task_id}/collection_jobs`;
    this.peerFailed({
      peer: loggableUrl(leader),
      call: 'collection_job',
      ...(e instanceof DapProblem ? { problem: PROBLEM_URN_PREFIX + e.problemType } : {}),
      cause: (e as Error).message.slice(0, 300),
      next: `retry in ${String(this.cfg.pollSeconds)} s`,
    });
  }

  private count(outcome: 'done' | 'failed'): void {
    collectionsCounter(this.opts.metrics).inc({ role: 'collector', outcome });
  }

  /** starting until the first attempt ends; failed after FAILED_ATTEMPTS real failures in a row. */
  health(): RoleHealth {
    const store = this.probe?.problem();
    if (store !== undefined) return { state: 'failed', detail: store };
    if (this.failedInRow >= FAILED_ATTEMPTS)
      return { state: 'failed', detail: this.status.lastError ?? 'collecting fails' };
    return this.attempts > 0 ? { state: 'ready' } : { state: 'starting' };
  }

  /** The signed consensus proposal for one collected batch; spends its privacy budget first. */
  private propose(c: Collection): { file: SignedProposal; proposals: number } {
    const file = proposalFromCollection(
      this.task,
      c,
      { ...this.cfg, budgetFile: join(this.dir, 'dp-budget.json') },
      loadKeyFile(this.cfg.keyFile).signer,
      new Date(),
    );
    return { file, proposals: file.signed.proposals.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.probe?.close();
    await this.running;
    await this.ledger.close();
  }
}

export const collectorRole: RoleDefinition = {
  name: 'collector',
  async mount(app, opts) {
    const task = collectorTask(opts.tasks);
    if (task.task.batch_mode !== 'leader_selected') {
      throw new UsageError(
        'the collector role collects leader_selected tasks',
        'collect time_interval tasks with `mesh dap collect --interval`',
      );
    }
    const cfg = parseCollectorConfig(opts.config.collector, Math.floor(Date.now() / 1000));
    // Refuse at start a task whose vector does not fit the pack's catalog (four signals per rule + tiers).
    layoutOf(cfg.catalog, task.task.vdaf.length ?? 0);
    const store = opts.store ?? cfg.store;
    const db = await openCollectorStore(store, task.task_id);
    const collector = new Collector(task, cfg, opts.dataDir, opts, db);
    app.get('/collector/status', (c) =>
      c.json({ pack: cfg.pack, ring: cfg.ring, ...collector.status }),
    );
    app.get('/collector/proposals', (c) => c.json(collector.list().map((f) => collector.read(f))));
    collector.start();
    return { close: () => collector.close(), health: () => collector.health() };
  },
};
