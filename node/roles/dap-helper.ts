// `mesh serve --role dap-helper`: the DAP-18 Helper under /helper/ (docs/architecture.md).
import { dirname, join } from 'node:path';
import { aggregatorOptionsFrom, mountHelper, taskFilesFor } from '../../dap/index.js';
import { UsageError } from '../errors.js';
import { tuneHeapForDap } from './dap-heap.js';
import { helperEvents } from './dap-metrics.js';
import { storeOf } from './dap-store.js';
import type { RoleDefinition } from './role.js';

export const dapHelperRole: RoleDefinition = {
  name: 'dap-helper',
  async mount(app, opts) {
    const taskFiles = taskFilesFor(opts.tasks, 'helper');
    if (taskFiles.length === 0 && !opts.interop)
      throw new UsageError(
        'dap-helper needs --task FILE with a helper task file',
        'run `mesh dap task new`',
      );
    tuneHeapForDap();
    return mountHelper(app, {
      dataDir: opts.dataDir,
      ...storeOf(opts),
      taskFiles,
      prefix: '/helper',
      options: aggregatorOptionsFrom(opts.config.dap),
      interop: opts.interop,
      // One interop collector per process, beside the role folders of --data.
      interopDataDir: join(dirname(opts.dataDir), 'interop'),
      onError: (e) => {
        opts.log.error('dap-helper internal error', { error: (e as Error).message });
      },
      events: helperEvents(opts.metrics),
    });
  },
};
