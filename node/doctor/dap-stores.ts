// `mesh doctor --config FILE` on the stores of a `mesh serve` config (docs/dap.md "Storage
// backends"): each PostgreSQL store named by dap.store or collector.store is asked for its schema
// version; one that does not answer is a failure, one behind this mesh's migrations a warning.
import { readFileSync } from 'node:fs';
import type { CheckResult } from './checks.js';

const PING_MS = 3000;
const isPg = (s: unknown): s is string => typeof s === 'string' && /^postgres(ql)?:\/\//i.test(s);

async function checkStore(key: string, url: string): Promise<CheckResult> {
  const name = key === 'dap.store' ? 'dap-store' : 'collector-store';
  try {
    // Loaded only when a config names a PostgreSQL store: doctor stays quick without one.
    const { pingStore } = await import('../../dap/index.js');
    const a = await pingStore(url, PING_MS);
    if (a.version > a.current)
      return {
        name,
        status: 'fail',
        detail: `${key} ${a.store} holds schema version ${String(a.version)}; this mesh knows up to ${String(a.current)}`,
        hint: 'upgrade mesh on this machine before pointing it at this database',
      };
    if (a.version < a.current)
      return {
        name,
        status: 'warn',
        detail: `${key} ${a.store} answers at schema version ${String(a.version)} of ${String(a.current)}`,
        hint: `run mesh dap migrate --store URL (mesh serve also migrates on start)`,
      };
    return {
      name,
      status: 'ok',
      detail: `${key} ${a.store} answers (schema ${String(a.version)})`,
    };
  } catch (e) {
    const err = e as Error & { hint?: string };
    return {
      name,
      status: 'fail',
      detail: `${key}: ${err.message}`,
      ...(err.hint ? { hint: err.hint } : {}),
    };
  }
}

/**
 * The store lines of a `mesh serve` config: none when it names no PostgreSQL store (level needs no
 * server), nor when the file cannot be read (checkServeConfig reports that).
 *
 * @throws nothing: a store that does not answer is a `fail` result
 * @example (await checkServeStores('/etc/mesh/leader.json')).map((c) => c.status)
 */
export async function checkServeStores(path: string): Promise<CheckResult[]> {
  let config: unknown;
  try {
    // this value is attacker-controlled only as far as the operator's own config file is
    config = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
  const c = (config ?? {}) as Record<string, { store?: unknown } | undefined>;
  const out: CheckResult[] = [];
  for (const section of ['dap', 'collector']) {
    const store = c[section]?.store;
    if (isPg(store)) out.push(await checkStore(`${section}.store`, store));
  }
  return out;
}
