// Which store a DAP role opens: `mesh serve --store URL`, else the config's `dap.store`, else level.
import { storeFrom } from '../../dap/index.js';
import type { RoleOptions } from './role.js';

export function storeOf(opts: RoleOptions): { store?: string } {
  const store = storeFrom(opts.store, opts.config.dap);
  return store === undefined ? {} : { store };
}
