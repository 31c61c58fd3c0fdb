// `mesh serve --role dap-leader`: the DAP-18 Leader under /leader/ (docs/architecture.md).
import { dirname, join } from 'node:path';
import { aggregatorOptionsFrom, mountLeader, taskFilesFor } from '../../dap/index.js';
import { UsageError } from '../errors.js';
import { tuneHeapForDap } from './dap-heap.js';
import { leaderEvents } from './dap-metrics.js';
import { peerFailureLog } from './dap-peer-log.js';
import { storeOf } from './dap-store.js';
import type { RoleDefinition } from './role.js';

export const dapLeaderRole: RoleDefinition = {
  name: 'dap-leader',
  async mount(app, opts) {
    const taskFiles = taskFilesFor(opts.tasks, 'leader');
    if (taskFiles.length === 0 && !opts.interop)
      throw new UsageError(
        'dap-leader needs --task FILE with a leader task file',
        'run `mesh dap task new`',
      );
    tuneHeapForDap();
    return mountLeader(app, {
      dataDir: opts.dataDir,
      ...storeOf(opts),
      taskFiles,
      prefix: '/leader',
      options: aggregatorOptionsFrom(opts.config.dap),
      interop: opts.interop,
      // One interop collector per process, beside the role folders of --data.
      interopDataDir: join(dirname(opts.dataDir), 'interop'),
      onError: (e) => {
        opts.log.error('dap-leader internal error', { error: (e as Error).message });
      },
      events: { ...leaderEvents(opts.metrics), peerCallFailed: peerFailureLog(opts.log) },
    });
  },
};
