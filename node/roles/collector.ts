// `mesh serve --role collector`: collects each batch once the Leader has min_batch_size reports
// (DAP-18 leader_selected "next" queries), then turns the aggregate into a signed consensus proposal.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, readTaskFile, type CollectorTaskFile } from '../../dap/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { UsageError } from '../errors.js';
import { encodeProposalFile, layoutOf, type SignedProposal } from '../consensus/index.js';
import { proposalFromCollection } from '../consensus/from-collection.js';
import { writeFileAtomic } from '../state/atomic-write.js';
import { parseCollectorConfig, type CollectorConfig } from './collector-config.js';
import type { RoleDefinition, RoleOptions } from './role.js';

function collectorTask(paths: readonly string[]): CollectorTaskFile {
  for (const p of paths) {
    try {
      return readTaskFile(p, 'collector');
    } catch {
      // another role's task file: keep looking
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
      const signed = proposalFromCollection(
        this.task,
        c,
        { ...this.cfg, budgetFile: join(this.dir, 'dp-budget.json') },
        loadKeyFile(this.cfg.keyFile).signer,
        new Date(),
      );
      const proposals = signed.signed.proposals;
      const seq = String(this.status.collected + 1).padStart(6, '0');
      writeFileAtomic(join(this.dir, 'proposals', `${seq}.json`), encodeProposalFile(signed), {
        mode: 0o600,
      });
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
    // Refuse at start a task whose vector does not fit the pack's catalog (four signals per rule + tiers).
    layoutOf(cfg.catalog, task.task.vdaf.length ?? 0);
    const collector = new Collector(task, cfg, opts.dataDir, opts);
    app.get('/collector/status', (c) =>
      c.json({ pack: cfg.pack, ring: cfg.ring, ...collector.status }),
    );
    app.get('/collector/proposals', (c) => c.json(collector.list().map((f) => collector.read(f))));
    collector.start();
    return Promise.resolve({ close: () => collector.close() });
  },
};
