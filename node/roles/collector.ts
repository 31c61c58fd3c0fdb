// `mesh serve --role collector`: collects each batch once the Leader has min_batch_size reports
// (DAP-18 leader_selected "next" queries), then turns the aggregate into a signed consensus proposal.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  collect,
  readTaskFile,
  TaskFileModeError,
  type CollectorTaskFile,
} from '../../dap/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { UsageError } from '../errors.js';
import { computeProposals } from '../consensus/proposals.js';
import { proposalBody, signProposal, type SignedProposal } from '../consensus/proposal-file.js';
import { writeFileAtomic } from '../../common/index.js';
import { parseCollectorConfig, type CollectorConfig } from './collector-config.js';
import type { RoleDefinition, RoleOptions } from './role.js';

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

  constructor(
    private readonly task: CollectorTaskFile,
    private readonly cfg: CollectorConfig,
    private readonly dir: string,
    private readonly opts: RoleOptions,
  ) {
    mkdirSync(join(dir, 'proposals'), { recursive: true, mode: 0o700 });
    this.status.collected = this.list().length;
  }

  list(): string[] {
    return readdirSync(join(this.dir, 'proposals'))
      .filter((f) => /^\d{6}\.json$/.test(f))
      .sort();
  }

  read(name: string): SignedProposal {
    return JSON.parse(readFileSync(join(this.dir, 'proposals', name), 'utf8')) as SignedProposal;
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
      const c = await collect(
        this.task,
        { next: true },
        { timeoutMs: this.cfg.pollSeconds * 1000 },
      );
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
      const seq = String(this.status.collected + 1).padStart(6, '0');
      writeFileAtomic(
        join(this.dir, 'proposals', `${seq}.json`),
        JSON.stringify(signed, null, 2) + '\n',
        { mode: 0o600 },
      );
      this.status.collected++;
      this.status.lastError = null;
      this.opts.log.info('collected a batch', {
        reports: c.reportCount,
        proposals: proposals.length,
      });
    } catch (e) {
      this.status.lastError = (e as Error).message;
    }
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
    return Promise.resolve({ close: () => collector.close() });
  },
};
